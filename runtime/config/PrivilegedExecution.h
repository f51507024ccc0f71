//===- runtime/config/PrivilegedExecution.h - setuid programs ---*- C++ -*-===//
//
// Part of Sextant. A program that runs with more privileges than the user
// who started it (setuid, setgid, file capabilities: the kernel sets
// AT_SECURE in the auxiliary vector, as it does for the dynamic loader's own
// secure mode) must not let that user steer the runtime: a SEXTANT_FILTER
// naming a file only the program may read would echo its first line in an
// error message, a SEXTANT_OUTPUT_DIR would create directories and files
// with the program's privileges. Such a program ignores every SEXTANT_*
// variable, measures nothing and writes nothing; it says so once on
// standard error, unless the user set SEXTANT_ENABLE=0, the one variable it
// obeys (asking for silence cannot raise anyone's privileges).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CONFIG_PRIVILEGEDEXECUTION_H
#define SEXTANT_RUNTIME_CONFIG_PRIVILEGEDEXECUTION_H

#include "runtime/config/Options.h"

#include <string>

namespace sextant {
namespace runtime {

/// True when the kernel started this process in secure mode (AT_SECURE):
/// its effective user or group differs from the real one, or it gained
/// capabilities at exec.
bool runsWithElevatedPrivileges() noexcept;

/// The options of a process in secure mode, whatever Environment (a
/// NULL-terminated "NAME=VALUE" array like environ) holds: the defaults,
/// with SEXTANT_ENABLE=0. Sets Notice to the one line to print (without the
/// "sextant: warning: " prefix), or clears it when Environment holds
/// SEXTANT_ENABLE=0, which asks for silence.
RuntimeOptions privilegedOptions(const char *const *Environment,
                                 std::string &Notice);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CONFIG_PRIVILEGEDEXECUTION_H
