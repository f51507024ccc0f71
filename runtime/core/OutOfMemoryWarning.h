//===- runtime/core/OutOfMemoryWarning.h - One warning per process --------===//
//
// Part of Sextant. The parts of the runtime keep recording what they can
// when an allocation fails and say so once: the first failure anywhere in
// the process prints "out of memory: <what was lost>", later ones print
// nothing (the counts in experiment.json tell the rest).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_OUTOFMEMORYWARNING_H
#define SEXTANT_RUNTIME_CORE_OUTOFMEMORYWARNING_H

#include <string_view>

namespace sextant {
namespace runtime {

/// Prints the warning "out of memory: <Lost>" if no such warning was printed
/// yet by this process.
void warnOutOfMemory(std::string_view Lost) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_OUTOFMEMORYWARNING_H
