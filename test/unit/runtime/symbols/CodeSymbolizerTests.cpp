//===- test/unit/runtime/symbols/CodeSymbolizerTests.cpp - Code locations -===//
//
// Part of Sextant. The symbolizer of runtime/symbols/: source function names
// of outlined OpenMP bodies, DWARF 4 and 5 line programs, and the function,
// file and line of a real call in this file (compiled with -g).
//
//===----------------------------------------------------------------------===//

#include "runtime/symbols/CodeSymbolizer.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace sextant::runtime;

TEST_CASE("source functions of outlined OpenMP bodies", "[CodeSymbolizer]") {
  CHECK(sourceFunctionName("main") == "main");
  CHECK(sourceFunctionName("main.omp_outlined") == "main");
  CHECK(sourceFunctionName("solve.omp_outlined.1") == "solve");
  CHECK(sourceFunctionName("main.omp_outlined._debug__") == "main");
  CHECK(sourceFunctionName("_Z5solvei.omp_outlined") == "solve(int)");
  CHECK(sourceFunctionName("_ZN2ns3fooEv") == "ns::foo()");
  CHECK(sourceFunctionName("jacobi._omp_fn.0") == "jacobi");
  // The plugin's armed copy of a versioned function, also with an OpenMP
  // body outlined from it.
  CHECK(sourceFunctionName("sweep.sextant.armed") == "sweep");
  CHECK(sourceFunctionName("_Z5sweepi.sextant.armed") == "sweep(int)");
  CHECK(sourceFunctionName("sweep.sextant.armed.omp_outlined") == "sweep");
  CHECK(sourceFunctionName("_Zbroken") == "_Zbroken");
  // Flang: Fortran names, OpenMPIRBuilder's outlined bodies.
  CHECK(sourceFunctionName("_QMheat_modPsmooth..omp_par") ==
        "heat_mod::smooth");
  CHECK(sourceFunctionName("_QQmain..omp_par.2") == "MAIN");
  CHECK(sourceFunctionName("_QMheat_modEcount") == "_QMheat_modEcount");
}

namespace {

void put(std::vector<uint8_t> &Out, uint64_t Value, unsigned Bytes) {
  for (unsigned I = 0; I < Bytes; ++I)
    Out.push_back(static_cast<uint8_t>(Value >> (8 * I)));
}
void putString(std::vector<uint8_t> &Out, const char *Text) {
  Out.insert(Out.end(), Text, Text + std::strlen(Text) + 1);
}

/// A line program of DWARF Version with the given file table bytes and
/// program bytes.
std::vector<uint8_t> lineProgram(unsigned Version,
                                 const std::vector<uint8_t> &Files,
                                 const std::vector<uint8_t> &Program) {
  std::vector<uint8_t> AfterLength;
  put(AfterLength, Version, 2);
  if (Version >= 5) {
    AfterLength.push_back(8); // address size
    AfterLength.push_back(0); // segment selector size
  }
  std::vector<uint8_t> Header;
  Header.push_back(1); // minimum instruction length
  if (Version >= 4)
    Header.push_back(1); // maximum operations per instruction
  Header.push_back(1);   // default_is_stmt
  Header.push_back(static_cast<uint8_t>(-5)); // line_base
  Header.push_back(14);                       // line_range
  Header.push_back(13);                       // opcode_base
  const uint8_t Lengths[] = {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};
  Header.insert(Header.end(), Lengths, Lengths + 12);
  Header.insert(Header.end(), Files.begin(), Files.end());
  put(AfterLength, Header.size(), 4);
  AfterLength.insert(AfterLength.end(), Header.begin(), Header.end());
  AfterLength.insert(AfterLength.end(), Program.begin(), Program.end());
  std::vector<uint8_t> Unit;
  put(Unit, AfterLength.size(), 4);
  Unit.insert(Unit.end(), AfterLength.begin(), AfterLength.end());
  return Unit;
}

void setAddress(std::vector<uint8_t> &Program, uint64_t Address) {
  Program.push_back(0);
  Program.push_back(9);
  Program.push_back(2);
  put(Program, Address, 8);
}
void endSequence(std::vector<uint8_t> &Program) {
  Program.push_back(0);
  Program.push_back(1);
  Program.push_back(1);
}

} // namespace

TEST_CASE("DWARF 4 and 5 line programs", "[CodeSymbolizer]") {
  // DWARF 4: file 1 is "dir/a.c".
  std::vector<uint8_t> Files4;
  Files4.push_back(0); // no include directories
  putString(Files4, "dir/a.c");
  Files4.push_back(0);
  Files4.push_back(0);
  Files4.push_back(0);
  Files4.push_back(0); // end of the file names
  std::vector<uint8_t> Program4;
  setAddress(Program4, 0x1000);
  Program4.push_back(3); // advance_line 9: line 10
  Program4.push_back(9);
  Program4.push_back(1); // copy
  // Special opcode: address + 4, line + 2: (2 + 5) + 14 * 4 + 13.
  Program4.push_back(76);
  Program4.push_back(2); // advance_pc 8
  Program4.push_back(8);
  endSequence(Program4);

  // DWARF 5: files 0 "x.c" and 1 "sub/y.h" (directory 0 "/src").
  std::vector<uint8_t> Files5;
  Files5.push_back(1); // directory entry format: path as a string
  Files5.push_back(1);
  Files5.push_back(0x08);
  Files5.push_back(1); // one directory
  putString(Files5, "/src");
  Files5.push_back(2); // file entry format: path (string), directory (data1)
  Files5.push_back(1);
  Files5.push_back(0x08);
  Files5.push_back(2);
  Files5.push_back(0x0b);
  Files5.push_back(2); // two files
  putString(Files5, "x.c");
  Files5.push_back(0);
  putString(Files5, "sub/y.h");
  Files5.push_back(0);
  std::vector<uint8_t> Program5;
  Program5.push_back(4); // set_file 1
  Program5.push_back(1);
  setAddress(Program5, 0x2000);
  Program5.push_back(3); // advance_line 4: line 5
  Program5.push_back(4);
  Program5.push_back(1); // copy
  Program5.push_back(2); // advance_pc 2
  Program5.push_back(2);
  endSequence(Program5);

  std::vector<uint8_t> Section = lineProgram(4, Files4, Program4);
  std::vector<uint8_t> Second = lineProgram(5, Files5, Program5);
  Section.insert(Section.end(), Second.begin(), Second.end());
  DebugSections Debug;
  Debug.Line = Section.data();
  Debug.LineSize = Section.size();
  std::vector<LineRow> Rows;
  std::vector<std::string> FileNames;
  REQUIRE(parseDebugLine(Debug, Rows, FileNames));
  sortLineRows(Rows);
  CHECK(FileNames ==
        std::vector<std::string>{"dir/a.c", "/src/x.c", "/src/sub/y.h"});

  auto LineAt = [&](uint64_t Address) -> uint32_t {
    const LineRow *Row = rowForAddress(Rows, Address);
    return Row ? Row->Line : 0;
  };
  CHECK(LineAt(0xfff) == 0);
  CHECK(LineAt(0x1000) == 10);
  CHECK(LineAt(0x1003) == 10);
  CHECK(LineAt(0x1004) == 12);
  CHECK(LineAt(0x100b) == 12);
  CHECK(LineAt(0x100c) == 0); // past the end of the sequence
  CHECK(LineAt(0x2001) == 5);
  CHECK(LineAt(0x2002) == 0);
  const LineRow *Row = rowForAddress(Rows, 0x2000);
  REQUIRE(Row);
  REQUIRE(Row->File < FileNames.size());
  CHECK(FileNames[Row->File] == "/src/sub/y.h");
  CHECK(FileNames[rowForAddress(Rows, 0x1000)->File] == "dir/a.c");

  // A truncated section keeps the rows before the damage and reports it.
  std::vector<uint8_t> Truncated(Section.begin(), Section.end() - 3);
  Debug.Line = Truncated.data();
  Debug.LineSize = Truncated.size();
  Rows.clear();
  FileNames.clear();
  CHECK_FALSE(parseDebugLine(Debug, Rows, FileNames));
  CHECK(Rows.size() >= 3);
}

TEST_CASE("a call site without a line takes the next line of its function",
          "[CodeSymbolizer]") {
  // A flang 19 outlined body: its first rows (the runtime calls of a
  // worksharing construct) have line 0, the loop's rows lines 8 and 9; a
  // second function follows in the same sequence, and a separate sequence
  // has nothing but line 0.
  std::vector<LineRow> Rows = {{0x1000, 0}, {0x1010, 0},
                               {0x1080, 8}, {0x1090, 9},
                               {0x10c0, 0}, {0x1100, 0},
                               {0x1120, 3}, {0x1140, 0, LineRow::NoFile, true},
                               {0x2000, 0}, {0x2010, 0, LineRow::NoFile, true}};
  auto LineAt = [&](uint64_t Address, uint64_t FunctionEnd) -> uint32_t {
    const LineRow *Row = rowWithLineForAddress(Rows, Address, FunctionEnd);
    return Row ? Row->Line : 0;
  };
  const uint64_t FirstEnd = 0x1100; // the outlined body ends here
  CHECK(LineAt(0x1004, FirstEnd) == 8);
  CHECK(LineAt(0x1012, FirstEnd) == 8);
  CHECK(LineAt(0x1094, FirstEnd) == 9);
  // Line 0 after the loop: no line of the function follows; the next
  // function's line 3 is not taken.
  CHECK(LineAt(0x10c4, FirstEnd) == 0);
  CHECK(LineAt(0x1104, 0x1140) == 3);
  // Nothing but line 0 up to the end of the sequence, even when the
  // function's extent would go further.
  CHECK(LineAt(0x2004, 0x3000) == 0);
  // Without the function's extent (Address + 1), only the address's row.
  CHECK(LineAt(0x1004, 0x1005) == 0);
  CHECK(LineAt(0x1084, 0x1085) == 8);
  CHECK(LineAt(0xfff, FirstEnd) == 0);
}

namespace {
__attribute__((noinline)) const void *returnAddressOfCall() {
  const void *Address = __builtin_return_address(0);
  asm volatile("" ::: "memory");
  return Address;
}
} // namespace

extern "C" __attribute__((noinline)) const void *
sextantSymbolizerTestCaller(unsigned *Line) {
  *Line = __LINE__ + 1;
  const void *volatile Address = returnAddressOfCall();
  return Address;
}

TEST_CASE("the symbolizer finds the function, file and line of a call",
          "[CodeSymbolizer]") {
  unsigned Line = 0;
  const void *Address = sextantSymbolizerTestCaller(&Line);
  CodeSymbolizer Symbolizer;
  CodeLocation Where = Symbolizer.locateReturnAddress(Address);
  CHECK(Where.Function == "sextantSymbolizerTestCaller");
  CHECK(baseName(Where.File) == "CodeSymbolizerTests.cpp");
  CHECK(Where.Line == Line);
  CHECK_FALSE(Where.Module.empty());
  CodeLocation Nowhere = Symbolizer.locateReturnAddress(nullptr);
  CHECK(Nowhere.Function.empty());
  CHECK(Nowhere.Line == 0);
}
