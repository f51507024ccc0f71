//===- plugin/InstrumentationABI.h - Runtime interface in IR ----*- C++ -*-===//
//
// Part of Sextant. The IR side of include/sextant/instrumentation_abi.h:
// declares the runtime entry points __sextant_region_register/enter/exit
// (once per module, nounwind) and emits, per instrumented function, its
// private handle variable and its private constant region descriptor.
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
  /// void __sextant_region_enter(uint32_t)
  llvm::FunctionCallee enterRegion() const { return Enter; }
  /// void __sextant_region_exit(uint32_t)
  llvm::FunctionCallee exitRegion() const { return Exit; }

  /// Emits a call of one of the three entry points above with the calling
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
  /// A private unnamed_addr constant C string, shared within the module.
  llvm::Constant *emitString(llvm::StringRef Text);

  llvm::Module &M;
  llvm::IntegerType *HandleTy;
  llvm::StructType *DescriptorTy;
  llvm::FunctionCallee Register, Enter, Exit;
  llvm::CallingConv::ID RuntimeCC;
  llvm::StringMap<llvm::GlobalVariable *> Strings;
  /// Put a function's handle and descriptor into its comdat (ELF), so that
  /// they are discarded with the copy the linker drops.
  bool UseComdats;
};

} // namespace sextant

#endif // SEXTANT_PLUGIN_INSTRUMENTATIONABI_H
