//===- plugin/InstrumentationABI.h - Runtime interface in IR ----*- C++ -*-===//
//
// Part of Sextant. The IR side of include/sextant/instrumentation_abi.h:
// declares the runtime entry points __sextant_region_register/enter/exit
// (once per module, nounwind), emits the enter with the function's own
// frame address where the target lets the function compute it exactly, and
// emits, per instrumented function, its private handle variable and its
// private constant region descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_PLUGIN_INSTRUMENTATIONABI_H
#define SEXTANT_PLUGIN_INSTRUMENTATIONABI_H

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/TargetParser/Triple.h"

namespace llvm {
class Constant;
class ConstantInt;
class Function;
class GlobalVariable;
class Module;
class StructType;
} // namespace llvm

namespace sextant {

struct RegionNames;

/// The globals of one instrumented function.
struct RegionGlobals {
  /// "__sextant_handle.<name>": private i32, SEXTANT_INVALID initially.
  llvm::GlobalVariable *Handle;
  /// "__sextant_descr.<name>": private constant sextant_region_descriptor.
  llvm::GlobalVariable *Descriptor;
};

/// The runtime interface of one module.
class InstrumentationABI {
public:
  /// Declares the runtime entry points in M.
  explicit InstrumentationABI(llvm::Module &M);

  /// Emits the handle and the descriptor of F, described by Names.
  RegionGlobals emitRegion(llvm::Function &F, const RegionNames &Names);

  /// uint32_t __sextant_region_register(const sextant_region_descriptor *)
  llvm::FunctionCallee registerRegion() const { return Register; }

  /// Emits a call of one of the entry points above with the calling
  /// convention the runtime defines them with (see callingConvention()).
  llvm::CallInst *emitCall(llvm::IRBuilderBase &IRB, llvm::FunctionCallee Callee,
                           llvm::ArrayRef<llvm::Value *> Args,
                           const llvm::Twine &Name = "") const;

  /// The calling convention of the runtime's entry points: preserve_most on
  /// x86-64 and AArch64 (the runtime saves the registers it uses, so an
  /// instrumented function keeps its values in caller-saved registers across
  /// the calls and needs no spills or extra prologue on its guarded fast
  /// path), the C convention elsewhere. Must match SEXTANT_ABI_CALL in
  /// instrumentation_abi.h.
  static llvm::CallingConv::ID callingConvention(const llvm::Triple &Target);

  /// Emits the enter of the function IRB inserts into with Handle: on
  /// x86-64 and AArch64 a call of __sextant_region_enter_frame with the
  /// function's canonical frame address (emitFrameAddress), elsewhere of
  /// __sextant_region_enter.
  /// In an armed copy (ArmedCopy), the variants with the C calling
  /// convention: there the copy saves what it keeps (see emitExit).
  llvm::CallInst *emitEnter(llvm::IRBuilderBase &IRB, llvm::Value *Handle,
                            bool ArmedCopy) const;

  /// Emits the exit of the function IRB inserts into with Handle: a call of
  /// __sextant_region_exit, or in an armed copy (ArmedCopy) on x86-64 and
  /// AArch64 of __sextant_region_exit_c. An armed copy is small and armed:
  /// keeping its few values in callee-saved registers costs it less than
  /// the runtime's saves of every register it uses (preserve_most), while a
  /// function instrumented in place keeps preserve_most, so that its
  /// disarmed path needs no saves.
  llvm::CallInst *emitExit(llvm::IRBuilderBase &IRB, llvm::Value *Handle,
                           bool ArmedCopy) const;

  /// Emits the one load of Region's handle of a call of its function: an
  /// atomic monotonic i32 load named %sextant.handle.
  llvm::LoadInst *loadHandle(llvm::IRBuilderBase &IRB,
                             const RegionGlobals &Region) const;

  /// The type of handles: i32.
  llvm::IntegerType *handleType() const { return HandleTy; }
  /// SEXTANT_INVALID: the handle of a region not registered yet.
  llvm::ConstantInt *invalidHandle() const;
  /// SEXTANT_FILTERED: the handle of a disarmed region.
  llvm::ConstantInt *filteredHandle() const;

private:
  /// The canonical frame address (CFA) of the function IRB inserts into,
  /// exact, as %sextant.frame: on x86-64 the address of the return address
  /// plus 8, on AArch64 the stack pointer at entry. Null on other targets.
  llvm::Value *emitFrameAddress(llvm::IRBuilderBase &IRB) const;

  /// A private unnamed_addr constant C string, shared within the module.
  llvm::Constant *emitString(llvm::StringRef Text);

  llvm::Module &M;
  llvm::IntegerType *HandleTy;
  llvm::StructType *DescriptorTy;
  llvm::FunctionCallee Register, Enter, EnterFrame, Exit;
  /// The C convention's __sextant_region_enter_frame_c and
  /// __sextant_region_exit_c (x86-64 and AArch64 only).
  llvm::FunctionCallee EnterFrameC, ExitC;
  llvm::Triple Target;
  llvm::CallingConv::ID RuntimeCC;
  llvm::StringMap<llvm::GlobalVariable *> Strings;
  /// Put a function's handle and descriptor into its comdat (ELF), so that
  /// they are discarded with the copy the linker drops.
  bool UseComdats;
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_INSTRUMENTATIONABI_H
