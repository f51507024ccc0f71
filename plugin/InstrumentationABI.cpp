//===- plugin/InstrumentationABI.cpp - The runtime interface in IR -------===//
//
// Part of Sextant. Emits what include/sextant/instrumentation_abi.h
// describes. The descriptor layout, the handle values and the flag bits are
// taken from that header, so plugin and runtime cannot drift apart:
//
//   %sextant.region_descriptor = type { ptr, ptr, ptr, ptr, i32, i32, i32 }
//   @__sextant_handle.f = private global i32 0, align 4
//   @__sextant_descr.f = private constant %sextant.region_descriptor {
//       ptr @__sextant_handle.f, ptr @display, ptr @mangled, ptr @file,
//       i32 begin, i32 end, i32 flags | SEXTANT_ABI_VERSION << 24 }, align 8
//
// and, on x86-64 and AArch64, the enter with the function's exact canonical
// frame address (CFA, the stack pointer before the call that entered it):
//
//   x86-64:   %sextant.return_slot = call ptr @llvm.addressofreturnaddress.p0()
//             %sextant.frame = getelementptr inbounds i8,
//                                  ptr %sextant.return_slot, i64 8
//   AArch64:  %sextant.frame = call ptr @llvm.sponentry.p0()
//   call preserve_mostcc void @__sextant_region_enter_frame(i32 %h,
//                                                          ptr %sextant.frame)
//
// Each lowers to one instruction (lea, add) computed from the stack pointer:
// the runtime needs neither its per-region estimate nor the unwinder to
// compare the frame with the open ones (docs/design.md).
//
// All of these globals are marked no_sanitize_address/no_sanitize_hwaddress.
//
//===----------------------------------------------------------------------===//

#include "InstrumentationABI.h"

#include "RegionNaming.h"

#include "sextant/instrumentation_abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sextant {

static constexpr StringLiteral DescriptorTypeName = "sextant.region_descriptor";

/// Declares a runtime entry point. The runtime's functions never throw:
/// marking them nounwind keeps EscapeEnumerator from turning the inserted
/// calls into invokes. They are nonlazybind: a call goes through the GOT,
/// filled when the program is loaded, not through a PLT entry that the
/// dynamic linker resolves at the first call. Its resolver keeps only the
/// registers of the C convention (it clobbers R10), while a caller of a
/// preserve_most function may keep a value in R10 across the call.
template <typename... ArgsTy>
static FunctionCallee declareRuntimeFunction(Module &M, StringRef Name,
                                             CallingConv::ID CC, Type *Result,
                                             ArgsTy... Args) {
  LLVMContext &Ctx = M.getContext();
  AttributeList Attrs = AttributeList()
                            .addFnAttribute(Ctx, Attribute::NoUnwind)
                            .addFnAttribute(Ctx, Attribute::NonLazyBind);
  FunctionCallee Callee = M.getOrInsertFunction(Name, Attrs, Result, Args...);
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    F->addFnAttr(Attribute::NonLazyBind);
    F->setCallingConv(CC);
  }
  return Callee;
}

CallingConv::ID InstrumentationABI::callingConvention(const Triple &Target) {
  if (Target.getArch() == Triple::x86_64 || Target.isAArch64())
    return CallingConv::PreserveMost;
  return CallingConv::C;
}

CallInst *InstrumentationABI::emitCall(IRBuilderBase &IRB,
                                       FunctionCallee Callee,
                                       ArrayRef<Value *> Args,
                                       const Twine &Name) const {
  CallInst *Call = IRB.CreateCall(Callee, Args, Name);
  Call->setCallingConv(RuntimeCC);
  return Call;
}

InstrumentationABI::InstrumentationABI(Module &M) : M(M) {
  LLVMContext &Ctx = M.getContext();
  HandleTy = Type::getInt32Ty(Ctx);
  PointerType *PtrTy = PointerType::getUnqual(Ctx);
  Type *VoidTy = Type::getVoidTy(Ctx);

  DescriptorTy = StructType::getTypeByName(Ctx, DescriptorTypeName);
  if (!DescriptorTy)
    DescriptorTy = StructType::create(
        Ctx, {PtrTy, PtrTy, PtrTy, PtrTy, HandleTy, HandleTy, HandleTy},
        DescriptorTypeName);

  Target = Triple(M.getTargetTriple());
  RuntimeCC = callingConvention(Target);
  Register = declareRuntimeFunction(M, "__sextant_region_register", RuntimeCC,
                                    HandleTy, PtrTy);
  Enter = declareRuntimeFunction(M, "__sextant_region_enter", RuntimeCC,
                                 VoidTy, HandleTy);
  EnterFrame = declareRuntimeFunction(M, "__sextant_region_enter_frame",
                                      RuntimeCC, VoidTy, HandleTy, PtrTy);
  Exit = declareRuntimeFunction(M, "__sextant_region_exit", RuntimeCC, VoidTy,
                                HandleTy);
  if (RuntimeCC != CallingConv::C) {
    EnterFrameC =
        declareRuntimeFunction(M, "__sextant_region_enter_frame_c",
                               CallingConv::C, VoidTy, HandleTy, PtrTy);
    ExitC = declareRuntimeFunction(M, "__sextant_region_exit_c", CallingConv::C,
                                   VoidTy, HandleTy);
  }

  UseComdats = Target.isOSBinFormatELF();
}

Value *InstrumentationABI::emitFrameAddress(IRBuilderBase &IRB) const {
  PointerType *PtrTy = IRB.getPtrTy();
  if (Target.getArch() == Triple::x86_64) {
    // The return address lies just below the CFA.
    Value *ReturnSlot =
        IRB.CreateIntrinsic(Intrinsic::addressofreturnaddress, {PtrTy}, {},
                            nullptr, "sextant.return_slot");
    return IRB.CreateInBoundsGEP(IRB.getInt8Ty(), ReturnSlot, IRB.getInt64(8),
                                 "sextant.frame");
  }
  if (Target.isAArch64())
    return IRB.CreateIntrinsic(Intrinsic::sponentry, {PtrTy}, {}, nullptr,
                               "sextant.frame");
  return nullptr;
}

/// A call of Callee with its own calling convention.
static CallInst *emitCallOf(IRBuilderBase &IRB, FunctionCallee Callee,
                            ArrayRef<Value *> Args) {
  CallInst *Call = IRB.CreateCall(Callee, Args);
  Call->setCallingConv(cast<Function>(Callee.getCallee())->getCallingConv());
  return Call;
}

CallInst *InstrumentationABI::emitEnter(IRBuilderBase &IRB, Value *Handle,
                                        bool ArmedCopy) const {
  Value *FrameAddress = emitFrameAddress(IRB);
  if (!FrameAddress)
    return emitCall(IRB, Enter, {Handle});
  if (ArmedCopy && RuntimeCC != CallingConv::C)
    return emitCallOf(IRB, EnterFrameC, {Handle, FrameAddress});
  return emitCall(IRB, EnterFrame, {Handle, FrameAddress});
}

CallInst *InstrumentationABI::emitExit(IRBuilderBase &IRB, Value *Handle,
                                       bool ArmedCopy) const {
  if (ArmedCopy && RuntimeCC != CallingConv::C)
    return emitCallOf(IRB, ExitC, {Handle});
  return emitCall(IRB, Exit, {Handle});
}

LoadInst *InstrumentationABI::loadHandle(IRBuilderBase &IRB,
                                         const RegionGlobals &Region) const {
  LoadInst *Loaded = IRB.CreateAlignedLoad(HandleTy, Region.Handle, Align(4),
                                           "sextant.handle");
  Loaded->setAtomic(AtomicOrdering::Monotonic);
  return Loaded;
}

ConstantInt *InstrumentationABI::invalidHandle() const {
  return ConstantInt::get(HandleTy, SEXTANT_INVALID);
}

ConstantInt *InstrumentationABI::filteredHandle() const {
  return ConstantInt::get(HandleTy, SEXTANT_FILTERED);
}

/// Sextant's globals are instrumentation metadata, read by the runtime; a
/// sanitizer that runs after the plugin (AddressSanitizer also runs at
/// OptimizerLast) must leave them alone: no redzones, no renaming.
static void excludeFromSanitizers(GlobalVariable &GV) {
  GlobalValue::SanitizerMetadata Metadata;
  Metadata.NoAddress = true;
  Metadata.NoHWAddress = true;
  GV.setSanitizerMetadata(Metadata);
}

Constant *InstrumentationABI::emitString(StringRef Text) {
  GlobalVariable *&String = Strings[Text];
  if (!String) {
    Constant *Data = ConstantDataArray::getString(M.getContext(), Text);
    String =
        new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                           GlobalValue::PrivateLinkage, Data, "__sextant_str");
    String->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    String->setAlignment(Align(1));
    excludeFromSanitizers(*String);
  }
  return String;
}

RegionGlobals InstrumentationABI::emitRegion(Function &F,
                                             const RegionNames &Names) {
  StringRef Name = linkageName(F);

  auto *Handle = new GlobalVariable(
      M, HandleTy, /*isConstant=*/false, GlobalValue::PrivateLinkage,
      invalidHandle(), "__sextant_handle." + Name);
  Handle->setAlignment(Align(4));
  excludeFromSanitizers(*Handle);

  uint32_t Flags = SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT;
  if (Names.HasDebugInfo)
    Flags |= SEXTANT_REGION_HAS_DEBUG_INFO;
  if (!F.doesNotThrow())
    Flags |= SEXTANT_REGION_MAY_UNWIND;
  if (Names.Demangled)
    Flags |= SEXTANT_REGION_DEMANGLED;

  Constant *Fields[] = {Handle,
                        emitString(Names.DisplayName),
                        emitString(Names.MangledName),
                        emitString(Names.File),
                        ConstantInt::get(HandleTy, Names.BeginLine),
                        ConstantInt::get(HandleTy, Names.EndLine),
                        ConstantInt::get(HandleTy, Flags)};
  auto *Descriptor = new GlobalVariable(
      M, DescriptorTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantStruct::get(DescriptorTy, Fields), "__sextant_descr." + Name);
  Descriptor->setAlignment(Align(8));
  excludeFromSanitizers(*Descriptor);

  if (UseComdats && F.hasComdat()) {
    Handle->setComdat(F.getComdat());
    Descriptor->setComdat(F.getComdat());
  }
  return {Handle, Descriptor};
}

} // namespace sextant
