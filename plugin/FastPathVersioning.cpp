//===- plugin/FastPathVersioning.cpp - Disarmed fast path ----------------===//
//
// Part of Sextant. A versioned function f becomes
//
//   define ... @f(args) {
//   sextant.dispatch:
//     ...                                   ; f's static allocas, if any
//     %sextant.handle = load atomic i32, ptr @__sextant_handle.f monotonic
//     %sextant.armed = icmp ne i32 %sextant.handle, -1   ; SEXTANT_FILTERED
//     br i1 %sextant.armed, label %sextant.call.armed, label %entry (unlikely)
//   sextant.call.armed:
//     %sextant.result = tail call ... @f.sextant.armed(args,
//                                                      i32 %sextant.handle)
//     ret %sextant.result
//   entry:                                  ; f's original body, unchanged
//     ...
//   }
//
// and @f.sextant.armed, an internal noinline copy of f with the handle value
// as an extra last parameter, receives the usual instrumentation (register
// if the value is SEXTANT_INVALID, enter, exits) from the pass, with that
// value in place of a load and without the SEXTANT_FILTERED guards: the
// value is not SEXTANT_FILTERED unless its registration returned it, and
// the runtime ignores it then. The handle is still loaded once per call and
// the exits reuse that value, so the contract of docs/design.md holds; a
// disarmed call costs one load and one predictable branch in front of the
// original code. The handle goes last so that f's arguments stay in their
// registers: the dispatch loads it into a free one and moves nothing.
//
// Static allocas of f's entry block move into the dispatch block, so that
// they stay static (allocated with the frame) in front of the original
// body; the clone has its own copies.
//
// The clone is made by LLVM's CloneFunctionInto (LocalChangesOnly), which
// maps the argument attributes to their new positions and gives the clone
// its own distinct DISubprogram, so that no two functions share one.
//
//===----------------------------------------------------------------------===//

#include "FastPathVersioning.h"

#include "InstrumentationABI.h"
#include "SkipReasons.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace sextant {

static bool hasMustTailCall(const Function &F) {
  for (const BasicBlock &BB : F)
    if (BB.getTerminatingMustTailCall())
      return true;
  return false;
}

/// Arguments that a tail call cannot simply forward: byval, inalloca and
/// preallocated arguments live in the caller's frame, swifterror must be an
/// alloca or an argument of the same kind.
static bool hasUnforwardableArgument(const Function &F) {
  for (const Argument &Arg : F.args())
    if (Arg.hasByValAttr() || Arg.hasInAllocaAttr() ||
        Arg.hasPreallocatedAttr() || Arg.hasSwiftErrorAttr())
      return true;
  return false;
}

/// An alloca of the entry block that cannot move to the dispatch block: one
/// whose size is not a constant (its operands may be computed in the entry
/// block), or a swifterror or inalloca slot.
static bool hasUnmovableEntryAlloca(const Function &F) {
  for (const Instruction &I : F.getEntryBlock())
    if (const auto *Alloca = dyn_cast<AllocaInst>(&I))
      if (!Alloca->isStaticAlloca() || Alloca->isSwiftError() ||
          Alloca->isUsedWithInAlloca())
        return true;
  return false;
}

static bool hasAddressTakenBlock(const Function &F) {
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return true;
  return false;
}

DebugLoc entryLocation(const Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DILocation::get(F.getContext(), SP->getScopeLine(), 0, SP);
  return DebugLoc();
}

bool shouldVersion(const Function &F, unsigned MaxInstructions) {
  // optnone (-O0) code is not tuned for speed: a copy would only double it.
  if (MaxInstructions == 0 || F.isVarArg() || F.hasOptNone())
    return false;
  if (countInstructions(F) >= MaxInstructions)
    return false;
  return !hasMustTailCall(F) && !hasUnforwardableArgument(F) &&
         !hasUnmovableEntryAlloca(F) && !hasAddressTakenBlock(F);
}

/// An internal copy of F with the handle value as a new last parameter.
static Function *cloneWithHandleParameter(Function &F,
                                          const InstrumentationABI &ABI) {
  FunctionType *FTy = F.getFunctionType();
  SmallVector<Type *, 8> Params(FTy->param_begin(), FTy->param_end());
  Params.push_back(ABI.handleType());
  auto *CloneTy = FunctionType::get(FTy->getReturnType(), Params,
                                    /*isVarArg=*/false);
  Function *Clone = Function::Create(
      CloneTy, GlobalValue::InternalLinkage, F.getAddressSpace(),
      F.getName() + ArmedCloneSuffix, F.getParent());
  Clone->getArg(Clone->arg_size() - 1)->setName("sextant.handle");

  ValueToValueMapTy VMap;
  for (auto [Old, New] : zip(F.args(), Clone->args())) {
    New.setName(Old.getName());
    VMap[&Old] = &New;
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Clone, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);

  // CloneFunctionInto copied F's visibility, DLL storage and so on; the clone
  // is local to the module. It shares F's comdat, since it refers to F's
  // handle and descriptor, which live there.
  Clone->setLinkage(GlobalValue::InternalLinkage);
  Clone->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Clone->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Clone->setComdat(F.getComdat());
  // Kept out of line: inlined back into F, it would undo the versioning.
  Clone->removeFnAttr(Attribute::AlwaysInline);
  Clone->removeFnAttr(Attribute::InlineHint);
  Clone->addFnAttr(Attribute::NoInline);
  // The caller has already dropped F's inferred memory, nosync and nofree
  // attributes (the clone copied F's attributes after that): the clone calls
  // the runtime, and F calls the clone, so neither is free of side effects.
  return Clone;
}

Function *versionFunction(Function &F, const RegionGlobals &Region,
                          const InstrumentationABI &ABI) {
  Function *Clone = cloneWithHandleParameter(F, ABI);

  LLVMContext &Ctx = F.getContext();
  DebugLoc EntryLoc = entryLocation(F);

  BasicBlock *Body = &F.getEntryBlock();
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "sextant.dispatch", &F, Body);
  BasicBlock *CallArmed =
      BasicBlock::Create(Ctx, "sextant.call.armed", &F, Body);

  // The entry block's allocas (all static, shouldVersion checked) stay in
  // the entry block, now the dispatch block, in their order.
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : *Body)
    if (auto *Alloca = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(Alloca);
  for (AllocaInst *Alloca : Allocas)
    Alloca->moveBefore(*Dispatch, Dispatch->end());

  IRBuilder<> IRB(Dispatch);
  IRB.SetCurrentDebugLocation(EntryLoc);
  LoadInst *Loaded = ABI.loadHandle(IRB, Region);
  Value *Armed =
      IRB.CreateICmpNE(Loaded, ABI.filteredHandle(), "sextant.armed");
  IRB.CreateCondBr(Armed, CallArmed, Body,
                   MDBuilder(Ctx).createUnlikelyBranchWeights());

  IRB.SetInsertPoint(CallArmed);
  IRB.SetCurrentDebugLocation(EntryLoc);
  SmallVector<Value *, 8> Args;
  for (Argument &Arg : F.args())
    Args.push_back(&Arg);
  Args.push_back(Loaded);
  CallInst *Call = IRB.CreateCall(Clone, Args);
  Call->setCallingConv(Clone->getCallingConv());
  Call->setTailCallKind(CallInst::TCK_Tail);
  // The call site carries the clone's parameter and return attributes, among
  // them those that affect the ABI (zeroext, signext, inreg, sret, ...).
  AttributeList CloneAttrs = Clone->getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0, E = Clone->arg_size(); I != E; ++I)
    ParamAttrs.push_back(CloneAttrs.getParamAttrs(I));
  Call->setAttributes(AttributeList::get(Ctx, AttributeSet(),
                                         CloneAttrs.getRetAttrs(), ParamAttrs));
  if (Call->getType()->isVoidTy())
    IRB.CreateRetVoid();
  else
    IRB.CreateRet(Call);
  if (!Call->getType()->isVoidTy())
    Call->setName("sextant.result");
  return Clone;
}

} // namespace sextant
