//! The LLVM translation: a verified LIR module becomes one LLVM module (one function per
//! LIR function, plus the exported entry). Every LIR operation maps mechanically onto
//! LLVM instructions or intrinsics; there are no Python semantics here, since the LIR
//! already spells out every check and guard.
//!
//! Assumes a module the LIR verifier accepted (variables, blocks, callees and helpers
//! exist and operands have the types their operations require); what is still malformed
//! comes back as `BackendError::Internal` naming the function, not as a panic. The calling
//! convention and out-buffer protocol are the ABI's ([`pynum_runtime::abi`]), as in the
//! Cranelift translation this one mirrors.
//!
//! SSA: a LIR variable defined once and read only in its block is the value its
//! definition made; every other variable is a stack slot that LLVM's `mem2reg`/SROA (in
//! the O3 pipeline) turns into SSA values.

use std::collections::HashMap;

use inkwell::attributes::AttributeLoc;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use pynum_jit::backend::BackendError;
use pynum_jit::lir::{self, BinaryOp, Exit, MType, Op, OverflowOp, Status, Terminator, UnaryOp, Var};

use crate::target::TargetSpec;

/// The exported entry's symbol: `EntryFn`'s signature.
pub(crate) const ENTRY: &str = pynum_llvm_loader::boundary::ENTRY_SYMBOL;
/// The exported resume entry's symbol (`EntryFn`'s signature, the state of a tier-up
/// exit as its arguments), present when the root has tier-up exits.
pub(crate) const RESUME_ENTRY: &str = pynum_llvm_loader::boundary::RESUME_ENTRY_SYMBOL;
/// The external global the poll reads (mapped to `pynum_runtime::poll_flags_address()`).
pub(crate) const POLL_FLAGS: &str = pynum_llvm_loader::boundary::POLL_FLAGS_SYMBOL;

/// Anything LLVM's builder reports is a bug of this translation.
trait Internal<T> {
    fn internal(self) -> Result<T, BackendError>;
}

impl<T, E: std::fmt::Display> Internal<T> for Result<T, E> {
    fn internal(self) -> Result<T, BackendError> {
        self.map_err(|e| BackendError::Internal(e.to_string()))
    }
}

fn malformed<T>(what: String) -> Result<T, BackendError> {
    Err(BackendError::Internal(what))
}

/// Translates `lir` (verified LIR) into a fresh module of `context`, for `spec`.
pub(crate) fn translate_module<'ctx>(
    context: &'ctx Context,
    lir: &lir::Module,
    spec: &TargetSpec,
) -> Result<Module<'ctx>, BackendError> {
    let root = lir.functions.first().ok_or_else(|| BackendError::Internal("a module without functions".into()))?;
    let module = context.create_module("pynum");
    let types = Types::new(context);
    let mut functions = Vec::with_capacity(lir.functions.len());
    for (index, function) in lir.functions.iter().enumerate() {
        let fn_type = types.internal_signature(function);
        // The index keeps symbols unique even if two functions share a name.
        let value = module.add_function(&format!("{index}:{}", function.name), fn_type, Some(Linkage::Internal));
        prepare(context, spec, value);
        functions.push(value);
    }
    let mut helpers = HashMap::new();
    for (function, &value) in lir.functions.iter().zip(&functions) {
        let (out, depth) = (function.params.len() as u32, function.params.len() as u32 + 1);
        let mut t =
            Translator::new(context, &types, &module, lir, function, value, &functions, &mut helpers, out, depth);
        t.body(None).map_err(|e| in_function(e, &function.name))?;
    }
    let resumes = root.resume_blocks();
    if !resumes.is_empty() {
        // The resume entry: the root's body again, entered at a resume block with the
        // variables a tier-up exit of lower-tier code left.
        let fn_type = types.i32.fn_type(&[types.ptr.into(), types.ptr.into(), types.i64.into()], false);
        let value = module.add_function(RESUME_ENTRY, fn_type, Some(Linkage::External));
        prepare(context, spec, value);
        let mut t = Translator::new(context, &types, &module, lir, root, value, &functions, &mut helpers, 1, 2);
        t.body(Some(&resumes)).map_err(|e| in_function(e, &format!("resume entry of {}", root.name)))?;
    }
    translate_entry(context, &types, &module, spec, root, functions[0])
        .map_err(|e| BackendError::Internal(format!("entry: {e}")))?;
    Ok(module)
}

fn in_function(error: BackendError, name: &str) -> BackendError {
    match error {
        BackendError::Internal(what) => BackendError::Internal(format!("{name}: {what}")),
        unsupported => unsupported,
    }
}

/// Attributes every function gets: the target's CPU and features, and `nounwind` (native
/// code never unwinds; then no unwind tables are emitted either).
fn prepare(context: &Context, spec: &TargetSpec, function: FunctionValue<'_>) {
    spec.annotate(function, context);
    let nounwind = inkwell::attributes::Attribute::get_named_enum_kind_id("nounwind");
    function.add_attribute(AttributeLoc::Function, context.create_enum_attribute(nounwind, 0));
}

/// The entry (the `EntryFn` the caller gets): unpacks one argument word per root
/// parameter, calls the root with the caller's out buffer and depth, returns its status.
fn translate_entry<'ctx>(
    context: &'ctx Context,
    types: &Types<'ctx>,
    module: &Module<'ctx>,
    spec: &TargetSpec,
    root: &lir::Function,
    root_value: FunctionValue<'ctx>,
) -> Result<(), BackendError> {
    let fn_type = types.i32.fn_type(&[types.ptr.into(), types.ptr.into(), types.i64.into()], false);
    let entry = module.add_function(ENTRY, fn_type, Some(Linkage::External));
    prepare(context, spec, entry);
    let b = context.create_builder();
    b.position_at_end(context.append_basic_block(entry, "entry"));
    let param = |i: u32| entry.get_nth_param(i).ok_or_else(|| BackendError::Internal("entry parameters".into()));
    let (args, out, depth) = (param(0)?.into_pointer_value(), param(1)?, param(2)?);
    let mut call_args: Vec<BasicMetadataValueEnum> = Vec::with_capacity(root.params.len() + 2);
    for (i, &p) in root.params.iter().enumerate() {
        let ty = root.vars.get(p.0 as usize).copied().ok_or_else(|| BackendError::Internal(format!("no {p:?}")))?;
        let address = byte_offset(&b, types, args, (i * 8) as i64)?;
        let word = b.build_load(types.i64, address, "").internal()?;
        set_alignment(word, 8)?;
        call_args.push(from_word(&b, types, word.into_int_value(), ty)?.into());
    }
    call_args.push(out.into());
    call_args.push(depth.into());
    let status = b.build_call(root_value, &call_args, "status").internal()?;
    let status = basic(status)?;
    b.build_return(Some(&status)).internal()?;
    Ok(())
}

/// The LLVM types LIR values live in: `i1` is LLVM's `i1` in registers and a byte in
/// memory, `ptr` an opaque pointer.
struct Types<'ctx> {
    i1: inkwell::types::IntType<'ctx>,
    i8: inkwell::types::IntType<'ctx>,
    i32: inkwell::types::IntType<'ctx>,
    i64: inkwell::types::IntType<'ctx>,
    f64: inkwell::types::FloatType<'ctx>,
    ptr: inkwell::types::PointerType<'ctx>,
}

impl<'ctx> Types<'ctx> {
    fn new(cx: &'ctx Context) -> Types<'ctx> {
        Types {
            i1: cx.bool_type(),
            i8: cx.i8_type(),
            i32: cx.i32_type(),
            i64: cx.i64_type(),
            f64: cx.f64_type(),
            ptr: cx.ptr_type(AddressSpace::default()),
        }
    }

    fn of(&self, ty: MType) -> BasicTypeEnum<'ctx> {
        match ty {
            MType::I1 => self.i1.into(),
            MType::I8 => self.i8.into(),
            MType::I64 => self.i64.into(),
            MType::F64 => self.f64.into(),
            MType::Ptr => self.ptr.into(),
        }
    }

    /// A LIR function's signature: its typed parameters, the out pointer, the remaining
    /// call depth; returns the status.
    fn internal_signature(&self, function: &lir::Function) -> inkwell::types::FunctionType<'ctx> {
        let mut params: Vec<BasicMetadataTypeEnum> = function
            .params
            .iter()
            // A parameter without a variable is malformed; the translation reports it.
            .map(|p| self.of(function.vars.get(p.0 as usize).copied().unwrap_or(MType::I64)).into())
            .collect();
        params.push(self.ptr.into());
        params.push(self.i64.into());
        self.i32.fn_type(&params, false)
    }
}

/// The value a call returned.
fn basic(call: inkwell::values::CallSiteValue<'_>) -> Result<BasicValueEnum<'_>, BackendError> {
    match call.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(value) => Ok(value),
        inkwell::values::ValueKind::Instruction(_) => malformed("a call without a value".into()),
    }
}

fn set_alignment(value: BasicValueEnum<'_>, bytes: u32) -> Result<(), BackendError> {
    match value.as_instruction_value() {
        Some(inst) => inst.set_alignment(bytes).internal(),
        None => Ok(()),
    }
}

/// `base + offset` bytes.
fn byte_offset<'ctx>(
    b: &Builder<'ctx>,
    types: &Types<'ctx>,
    base: PointerValue<'ctx>,
    offset: i64,
) -> Result<PointerValue<'ctx>, BackendError> {
    if offset == 0 {
        return Ok(base);
    }
    let offset = types.i64.const_int(offset as u64, true);
    // SAFETY (of LLVM's semantics): a plain `getelementptr i8`, no `inbounds` promise.
    unsafe { b.build_gep(types.i8, base, &[offset], "") }.internal()
}

/// A 64-bit word unpacked into a value ([`pynum_runtime::abi::from_word`]): narrow types
/// keep only their low bits, so an `i1` is 0 or 1 whatever the word's other bits.
fn from_word<'ctx>(
    b: &Builder<'ctx>,
    types: &Types<'ctx>,
    word: IntValue<'ctx>,
    ty: MType,
) -> Result<BasicValueEnum<'ctx>, BackendError> {
    Ok(match ty {
        MType::F64 => b.build_bit_cast(word, types.f64, "").internal()?,
        MType::I8 => b.build_int_truncate(word, types.i8, "").internal()?.into(),
        MType::I1 => b.build_int_truncate(word, types.i1, "").internal()?.into(),
        MType::I64 => word.into(),
        MType::Ptr => b.build_int_to_ptr(word, types.ptr, "").internal()?.into(),
    })
}

/// A value packed into a 64-bit word ([`pynum_runtime::abi::to_word`]).
fn to_word<'ctx>(
    b: &Builder<'ctx>,
    types: &Types<'ctx>,
    value: BasicValueEnum<'ctx>,
    ty: MType,
) -> Result<IntValue<'ctx>, BackendError> {
    Ok(match ty {
        MType::F64 => b.build_bit_cast(value, types.i64, "").internal()?.into_int_value(),
        MType::I1 | MType::I8 => b.build_int_z_extend(value.into_int_value(), types.i64, "").internal()?,
        MType::I64 => value.into_int_value(),
        MType::Ptr => b.build_ptr_to_int(value.into_pointer_value(), types.i64, "").internal()?,
    })
}

/// `value` as the word-sized `want` (`ptr` and `i64` are one word to every backend).
fn as_word_type<'ctx>(
    b: &Builder<'ctx>,
    types: &Types<'ctx>,
    value: BasicValueEnum<'ctx>,
    want: MType,
) -> Result<BasicValueEnum<'ctx>, BackendError> {
    Ok(match (value, want) {
        (BasicValueEnum::PointerValue(p), MType::I64) => b.build_ptr_to_int(p, types.i64, "").internal()?.into(),
        (BasicValueEnum::IntValue(i), MType::Ptr) => b.build_int_to_ptr(i, types.ptr, "").internal()?.into(),
        _ => value,
    })
}

/// Translates one LIR function into the body of its LLVM function.
struct Translator<'a, 'ctx> {
    cx: &'ctx Context,
    types: &'a Types<'ctx>,
    b: Builder<'ctx>,
    module: &'a Module<'ctx>,
    lir: &'a lir::Module,
    function: &'a lir::Function,
    value: FunctionValue<'ctx>,
    /// Each module function, by LIR index.
    functions: &'a [FunctionValue<'ctx>],
    /// Runtime helpers declared so far, by symbol.
    helpers: &'a mut HashMap<String, FunctionValue<'ctx>>,
    /// The stack slot of each variable that is not block-local, by index.
    slots: Vec<Option<PointerValue<'ctx>>>,
    /// The value of each block-local variable once defined.
    values: Vec<Option<BasicValueEnum<'ctx>>>,
    /// One LLVM block per LIR block, by index.
    blocks: Vec<BasicBlock<'ctx>>,
    /// The entry block, where stack slots go (so `mem2reg` promotes them).
    allocas: Option<BasicBlock<'ctx>>,
    out: Option<PointerValue<'ctx>>,
    depth: Option<IntValue<'ctx>>,
    /// The variables live at each block, when the function has tier-up exits (which
    /// carry them) or is entered at a resume block.
    live_ins: Vec<Vec<Var>>,
    /// The blocks that are a branch's rare arm ([`lir::rare_arms`]), by index.
    rare: Vec<bool>,
}

impl<'a, 'ctx> Translator<'a, 'ctx> {
    /// A translator of `function` into `value`, whose parameters `out` and `depth` are
    /// the out pointer and the remaining depth.
    #[allow(clippy::too_many_arguments, reason = "the module-wide tables each translator borrows")]
    fn new(
        cx: &'ctx Context,
        types: &'a Types<'ctx>,
        module: &'a Module<'ctx>,
        lir: &'a lir::Module,
        function: &'a lir::Function,
        value: FunctionValue<'ctx>,
        functions: &'a [FunctionValue<'ctx>],
        helpers: &'a mut HashMap<String, FunctionValue<'ctx>>,
        out: u32,
        depth: u32,
    ) -> Translator<'a, 'ctx> {
        Translator {
            cx,
            types,
            b: cx.create_builder(),
            module,
            lir,
            function,
            value,
            functions,
            helpers,
            slots: vec![None; function.vars.len()],
            values: vec![None; function.vars.len()],
            blocks: Vec::new(),
            allocas: None,
            out: value.get_nth_param(out).map(|p| p.into_pointer_value()),
            depth: value.get_nth_param(depth).map(|p| p.into_int_value()),
            live_ins: function.tier_up_live_ins(),
            rare: lir::rare_arms::rare_arms(function),
        }
    }

    /// The function's body, entered at block 0 with its parameters, or (`resumes`) at
    /// one of those resume blocks with the state a tier-up exit left (`args` of the
    /// resume entry: the block in word 0, each live variable `v` in word `1 + v`).
    fn body(&mut self, resumes: Option<&[lir::Block]>) -> Result<(), BackendError> {
        let (Some(_), Some(_)) = (self.out, self.depth) else {
            return malformed("a function without its out and depth parameters".into());
        };
        if self.function.blocks.is_empty() {
            return malformed("a function without blocks".into());
        }
        // A separate entry block holds the stack slots: LIR block 0 may be a branch target.
        let entry = self.cx.append_basic_block(self.value, "entry");
        self.allocas = Some(entry);
        self.blocks = (0..self.function.blocks.len())
            .map(|i| self.cx.append_basic_block(self.value, &format!("block{i}")))
            .collect();
        let local = self.function.block_local_variables();
        self.b.position_at_end(entry);
        for (index, (&ty, &local)) in self.function.vars.iter().zip(&local).enumerate() {
            if !local {
                let slot = self.b.build_alloca(self.types.of(ty), &format!("v{index}")).internal()?;
                self.slots[index] = Some(slot);
            }
        }
        match resumes {
            None => {
                for (i, &param) in self.function.params.iter().enumerate() {
                    let value =
                        self.value.get_nth_param(i as u32).ok_or_else(|| BackendError::Internal("params".into()))?;
                    self.def(param, value)?;
                }
                self.b.build_unconditional_branch(self.blocks[0]).internal()?;
            }
            Some(resumes) => self.resume_dispatch(resumes)?,
        }
        for (index, data) in self.function.blocks.iter().enumerate() {
            self.b.position_at_end(self.blocks[index]);
            for inst in &data.insts {
                self.op(&inst.op)?;
            }
            self.terminator(&data.terminator)?;
        }
        Ok(())
    }

    /// The resume entry's start: a switch on the state's block, and per resume block the
    /// loads of its live variables. A block that is no resume point (a bug of the
    /// caller) leaves as a deoptimization without a site, which runs the interpreter.
    fn resume_dispatch(&mut self, resumes: &[lir::Block]) -> Result<(), BackendError> {
        let t = self.types;
        let state = self.value.get_nth_param(0).ok_or_else(|| BackendError::Internal("state".into()))?;
        let state = state.into_pointer_value();
        let which = self.b.build_load(t.i64, state, "resume").internal()?;
        set_alignment(which, 8)?;
        let unknown = self.cx.append_basic_block(self.value, "unknown_resume");
        let mut cases = Vec::with_capacity(resumes.len());
        for &resume in resumes {
            let load = self.cx.append_basic_block(self.value, &format!("resume{}", resume.0));
            cases.push((t.i64.const_int(u64::from(resume.0), false), load));
        }
        self.b.build_switch(which.into_int_value(), unknown, &cases).internal()?;
        for (&resume, &(_, load)) in resumes.iter().zip(&cases) {
            self.b.position_at_end(load);
            let live = self.live_ins.get(resume.0 as usize).cloned().unwrap_or_default();
            for var in live {
                if self.slots[var.0 as usize].is_none() {
                    continue;
                }
                let address = byte_offset(&self.b, t, state, 8 * (1 + i64::from(var.0)))?;
                let word = self.b.build_load(t.i64, address, "").internal()?;
                set_alignment(word, 8)?;
                let value = from_word(&self.b, t, word.into_int_value(), self.ty(var)?)?;
                self.def(var, value)?;
            }
            self.b.build_unconditional_branch(self.block(resume)?).internal()?;
        }
        self.b.position_at_end(unknown);
        let store = self.b.build_store(self.out(), t.i64.const_all_ones()).internal()?;
        store.set_alignment(8).internal()?;
        self.b.build_return(Some(&t.i32.const_int(Status::Deopt as u64, false))).internal()?;
        Ok(())
    }

    fn ty(&self, var: Var) -> Result<MType, BackendError> {
        self.function
            .vars
            .get(var.0 as usize)
            .copied()
            .ok_or_else(|| BackendError::Internal(format!("no variable {var:?}")))
    }

    fn get(&self, var: Var) -> Result<BasicValueEnum<'ctx>, BackendError> {
        let ty = self.ty(var)?;
        match self.slots[var.0 as usize] {
            Some(slot) => self.b.build_load(self.types.of(ty), slot, "").internal(),
            None => self.values[var.0 as usize]
                .ok_or_else(|| BackendError::Internal(format!("{var:?} read before its definition"))),
        }
    }

    fn get_int(&self, var: Var) -> Result<IntValue<'ctx>, BackendError> {
        match self.get(var)? {
            BasicValueEnum::IntValue(v) => Ok(v),
            BasicValueEnum::PointerValue(p) => self.b.build_ptr_to_int(p, self.types.i64, "").internal(),
            other => malformed(format!("{var:?} is not an int: {other:?}")),
        }
    }

    fn get_float(&self, var: Var) -> Result<inkwell::values::FloatValue<'ctx>, BackendError> {
        match self.get(var)? {
            BasicValueEnum::FloatValue(v) => Ok(v),
            other => malformed(format!("{var:?} is not a float: {other:?}")),
        }
    }

    /// `var` as an address (an `i64` address is converted).
    fn get_ptr(&self, var: Var) -> Result<PointerValue<'ctx>, BackendError> {
        match self.get(var)? {
            BasicValueEnum::PointerValue(p) => Ok(p),
            BasicValueEnum::IntValue(i) => self.b.build_int_to_ptr(i, self.types.ptr, "").internal(),
            other => malformed(format!("{var:?} is not an address: {other:?}")),
        }
    }

    fn def(&mut self, var: Var, value: BasicValueEnum<'ctx>) -> Result<(), BackendError> {
        let expected = self.types.of(self.ty(var)?);
        if value.get_type() != expected {
            return malformed(format!("writing {var:?}: a {} value into a {expected} variable", value.get_type()));
        }
        match self.slots[var.0 as usize] {
            Some(slot) => {
                self.b.build_store(slot, value).internal()?;
            }
            None => self.values[var.0 as usize] = Some(value),
        }
        Ok(())
    }

    fn block(&self, block: lir::Block) -> Result<BasicBlock<'ctx>, BackendError> {
        self.blocks.get(block.0 as usize).copied().ok_or_else(|| BackendError::Internal(format!("no block {block:?}")))
    }

    fn out(&self) -> PointerValue<'ctx> {
        self.out.expect("checked in body")
    }

    /// Leaves the function with `exit`: the status, and in `out[0]` what it refers to
    /// (for a tier-up, the variables live where the next tier resumes follow).
    fn leave(&self, exit: Exit) -> Result<(), BackendError> {
        let (status, word) = match exit {
            Exit::Status(status) => (status, None),
            Exit::Deopt(site) => (Status::Deopt, Some(site)),
            Exit::Raise(index) => (Status::StaticRaise, Some(index)),
            Exit::TierUp(resume) => {
                for &var in self.live_ins.get(resume.0 as usize).map(Vec::as_slice).unwrap_or_default() {
                    if self.slots[var.0 as usize].is_none() {
                        continue;
                    }
                    let word = to_word(&self.b, self.types, self.get(var)?, self.ty(var)?)?;
                    let address = byte_offset(&self.b, self.types, self.out(), 8 * (1 + i64::from(var.0)))?;
                    let store = self.b.build_store(address, word).internal()?;
                    store.set_alignment(8).internal()?;
                }
                (Status::TierUp, Some(resume.0))
            }
        };
        if let Some(word) = word {
            let store = self.b.build_store(self.out(), self.types.i64.const_int(u64::from(word), false)).internal()?;
            store.set_alignment(8).internal()?;
        }
        self.b.build_return(Some(&self.types.i32.const_int(status as u64, false))).internal()?;
        Ok(())
    }

    /// A call of the intrinsic `name` overloaded on `overloads`.
    fn intrinsic(
        &self,
        name: &str,
        overloads: &[BasicTypeEnum<'ctx>],
        args: &[BasicMetadataValueEnum<'ctx>],
    ) -> Result<BasicValueEnum<'ctx>, BackendError> {
        let intrinsic = Intrinsic::find(name).ok_or_else(|| BackendError::Internal(format!("no intrinsic {name}")))?;
        let declaration = intrinsic
            .get_declaration(self.module, overloads)
            .ok_or_else(|| BackendError::Internal(format!("no declaration of {name}")))?;
        basic(self.b.build_call(declaration, args, "").internal()?)
    }

    fn op(&mut self, op: &Op) -> Result<(), BackendError> {
        let t = self.types;
        match op {
            Op::Iconst { dst, value } => {
                let v: BasicValueEnum = match self.ty(*dst)? {
                    MType::I1 => t.i1.const_int((value & 1) as u64, false).into(),
                    MType::I8 => t.i8.const_int(u64::from(*value as u8), false).into(),
                    MType::I64 => t.i64.const_int(*value as u64, true).into(),
                    MType::Ptr => t.i64.const_int(*value as u64, true).const_to_pointer(t.ptr).into(),
                    MType::F64 => return malformed(format!("an int constant in float {dst:?}")),
                };
                self.def(*dst, v)?;
            }
            Op::Fconst { dst, value } => self.def(*dst, t.f64.const_float(*value).into())?,
            Op::Copy { dst, src } => {
                let v = self.get(*src)?;
                self.def(*dst, v)?;
            }
            Op::Unary { op, dst, arg } => {
                let (from, to) = (self.ty(*arg)?, self.ty(*dst)?);
                let v = self.unary(*op, *arg, from, to)?;
                self.def(*dst, v)?;
            }
            Op::Binary { op, dst, lhs, rhs } => {
                let v = self.binary(*op, *dst, *lhs, *rhs)?;
                self.def(*dst, v)?;
            }
            Op::Overflow { op, dst, overflow, lhs, rhs } => {
                let (x, y) = (self.get_int(*lhs)?, self.get_int(*rhs)?);
                let name = match op {
                    OverflowOp::Sadd => "llvm.sadd.with.overflow",
                    OverflowOp::Ssub => "llvm.ssub.with.overflow",
                    OverflowOp::Smul => "llvm.smul.with.overflow",
                };
                let pair = self.intrinsic(name, &[t.i64.into()], &[x.into(), y.into()])?.into_struct_value();
                let v = self.b.build_extract_value(pair, 0, "").internal()?;
                let flag = self.b.build_extract_value(pair, 1, "").internal()?;
                self.def(*dst, v)?;
                self.def(*overflow, flag)?;
            }
            Op::Icmp { cc, dst, lhs, rhs } => {
                let (x, y) = (self.get_int(*lhs)?, self.get_int(*rhs)?);
                let v = self.b.build_int_compare(int_cc(*cc), x, y, "").internal()?;
                self.def(*dst, v.into())?;
            }
            Op::Fcmp { cc, dst, lhs, rhs } => {
                let (x, y) = (self.get_float(*lhs)?, self.get_float(*rhs)?);
                let v = self.b.build_float_compare(float_cc(*cc), x, y, "").internal()?;
                self.def(*dst, v.into())?;
            }
            Op::Select { dst, cond, if_true, if_false } => {
                let (c, x, y) = (self.get_int(*cond)?, self.get(*if_true)?, self.get(*if_false)?);
                let v = self.b.build_select(c, x, y, "").internal()?;
                self.def(*dst, v)?;
            }
            Op::Load { dst, addr, offset } => {
                let ty = self.ty(*dst)?;
                let address = byte_offset(&self.b, t, self.get_ptr(*addr)?, i64::from(*offset))?;
                let v = match ty {
                    // A byte holding anything but 0 is true, as the LIR interpreter reads it.
                    MType::I1 => {
                        let byte = self.b.build_load(t.i8, address, "").internal()?;
                        let zero = t.i8.const_zero();
                        self.b.build_int_compare(IntPredicate::NE, byte.into_int_value(), zero, "").internal()?.into()
                    }
                    _ => {
                        let v = self.b.build_load(t.of(ty), address, "").internal()?;
                        set_alignment(v, ty.size())?;
                        v
                    }
                };
                self.def(*dst, v)?;
            }
            Op::Store { value, addr, offset } => {
                let ty = self.ty(*value)?;
                let address = byte_offset(&self.b, t, self.get_ptr(*addr)?, i64::from(*offset))?;
                let mut v = self.get(*value)?;
                if ty == MType::I1 {
                    v = self.b.build_int_z_extend(v.into_int_value(), t.i8, "").internal()?.into();
                }
                let store = self.b.build_store(address, v).internal()?;
                store.set_alignment(ty.size()).internal()?;
            }
            Op::CallHelper { dst, helper, args } => self.call_helper(*dst, helper, args)?,
            Op::Call { dsts, callee, args } => self.call(dsts, *callee, args)?,
            Op::ExitIf { cond, exit } => {
                // Exits are cold: `llvm.expect` becomes branch weights, and the block
                // placement keeps the loop's path straight.
                let c = self.get_int(*cond)?;
                let expected = self
                    .intrinsic("llvm.expect", &[t.i1.into()], &[c.into(), t.i1.const_zero().into()])?
                    .into_int_value();
                let leave = self.cx.append_basic_block(self.value, "exit");
                let next = self.cx.append_basic_block(self.value, "");
                self.b.build_conditional_branch(expected, leave, next).internal()?;
                self.b.position_at_end(leave);
                self.leave(*exit)?;
                self.b.position_at_end(next);
            }
            Op::PollPending { dst } => {
                // Volatile: the signal handler and the dispatcher set the flags behind the
                // optimizer's back, so the load must stay in the loop. Both flags in one
                // 16-bit load: zero while neither is set.
                // By symbol, not by this process's address, so that the code's object
                // file can be loaded by another process (the engine maps the symbol).
                let i16 = self.cx.i16_type();
                let address = match self.module.get_global(POLL_FLAGS) {
                    Some(global) => global.as_pointer_value(),
                    None => self.module.add_global(i16, None, POLL_FLAGS).as_pointer_value(),
                };
                let byte = self.b.build_load(i16, address, "poll").internal()?;
                byte.as_instruction_value().map(|i| i.set_volatile(true)).transpose().internal()?;
                set_alignment(byte, 2)?;
                let zero = i16.const_zero();
                // Set rarely: the branch on it leads to the safepoint call, a rare arm
                // ([`lir::rare_arms`]) whose edge the branch weighs.
                let v = self.b.build_int_compare(IntPredicate::NE, byte.into_int_value(), zero, "").internal()?;
                self.def(*dst, v.into())?;
            }
            Op::Depth { dst } => {
                let depth = self.depth.expect("checked in body");
                self.def(*dst, depth.into())?;
            }
        }
        Ok(())
    }

    fn unary(&mut self, op: UnaryOp, arg: Var, from: MType, to: MType) -> Result<BasicValueEnum<'ctx>, BackendError> {
        let (t, b) = (self.types, &self.b);
        let float = |name: &str, this: &Self| -> Result<BasicValueEnum<'ctx>, BackendError> {
            let x = this.get_float(arg)?;
            this.intrinsic(name, &[t.f64.into()], &[x.into()])
        };
        Ok(match op {
            UnaryOp::Ineg => b.build_int_neg(self.get_int(arg)?, "").internal()?.into(),
            // On an `i1`, `xor 1` is the logical not the LIR means.
            UnaryOp::Bnot => b.build_not(self.get_int(arg)?, "").internal()?.into(),
            UnaryOp::Iabs => {
                // Wrapping: `abs(i64::MIN)` is `i64::MIN`, not poison.
                let x = self.get_int(arg)?;
                self.intrinsic("llvm.abs", &[t.i64.into()], &[x.into(), t.i1.const_zero().into()])?
            }
            UnaryOp::Fneg => b.build_float_neg(self.get_float(arg)?, "").internal()?.into(),
            UnaryOp::Fabs => float("llvm.fabs", self)?,
            UnaryOp::Sqrt => float("llvm.sqrt", self)?,
            UnaryOp::Floor => float("llvm.floor", self)?,
            UnaryOp::Ceil => float("llvm.ceil", self)?,
            UnaryOp::Trunc => float("llvm.trunc", self)?,
            UnaryOp::Nearest => float("llvm.roundeven", self)?,
            UnaryOp::Uextend => {
                let x = self.get_int(arg)?;
                match to {
                    MType::Ptr => {
                        let wide = b.build_int_z_extend(x, t.i64, "").internal()?;
                        b.build_int_to_ptr(wide, t.ptr, "").internal()?.into()
                    }
                    _ => b.build_int_z_extend(x, t.of(to).into_int_type(), "").internal()?.into(),
                }
            }
            UnaryOp::Ireduce => {
                let x = self.get_int(arg)?;
                b.build_int_truncate(x, t.of(to).into_int_type(), "").internal()?.into()
            }
            UnaryOp::FcvtFromSint => {
                let x = self.get_int(arg)?;
                let wide = if from == MType::I64 { x } else { b.build_int_s_extend(x, t.i64, "").internal()? };
                b.build_signed_int_to_float(wide, t.f64, "").internal()?.into()
            }
            UnaryOp::FcvtToSintSat if to == MType::I64 => {
                // Saturating, NaN to 0: what Cranelift's `fcvt_to_sint_sat` and Rust's `as` do.
                let x = self.get_float(arg)?;
                self.intrinsic("llvm.fptosi.sat", &[t.i64.into(), t.f64.into()], &[x.into()])?
            }
            UnaryOp::FcvtToSintSat => return malformed(format!("fcvt_to_sint_sat to {}", to.name())),
            UnaryOp::Bitcast => {
                let x = self.get(arg)?;
                b.build_bit_cast(x, t.of(to), "").internal()?
            }
        })
    }

    fn binary(&mut self, op: BinaryOp, dst: Var, lhs: Var, rhs: Var) -> Result<BasicValueEnum<'ctx>, BackendError> {
        let b = &self.b;
        if matches!(op, BinaryOp::Fadd | BinaryOp::Fsub | BinaryOp::Fmul | BinaryOp::Fdiv) {
            let (x, y) = (self.get_float(lhs)?, self.get_float(rhs)?);
            return Ok(match op {
                BinaryOp::Fadd => b.build_float_add(x, y, ""),
                BinaryOp::Fsub => b.build_float_sub(x, y, ""),
                BinaryOp::Fmul => b.build_float_mul(x, y, ""),
                _ => b.build_float_div(x, y, ""),
            }
            .internal()?
            .into());
        }
        // Pointer arithmetic: an address plus or minus a byte count.
        if self.ty(dst)? == MType::Ptr && matches!(op, BinaryOp::Iadd | BinaryOp::Isub) {
            let (base, mut bytes) = (self.get_ptr(lhs)?, self.get_int(rhs)?);
            if op == BinaryOp::Isub {
                bytes = b.build_int_neg(bytes, "").internal()?;
            }
            // SAFETY (of LLVM's semantics): a plain `getelementptr i8`, no `inbounds` promise.
            return Ok(unsafe { b.build_gep(self.types.i8, base, &[bytes], "") }.internal()?.into());
        }
        let (x, y) = (self.get_int(lhs)?, self.get_int(rhs)?);
        Ok(match op {
            BinaryOp::Iadd => b.build_int_add(x, y, ""),
            BinaryOp::Isub => b.build_int_sub(x, y, ""),
            BinaryOp::Imul => b.build_int_mul(x, y, ""),
            BinaryOp::Sdiv => b.build_int_signed_div(x, y, ""),
            BinaryOp::Srem => b.build_int_signed_rem(x, y, ""),
            BinaryOp::Udiv => b.build_int_unsigned_div(x, y, ""),
            BinaryOp::Urem => b.build_int_unsigned_rem(x, y, ""),
            BinaryOp::Band => b.build_and(x, y, ""),
            BinaryOp::Bor => b.build_or(x, y, ""),
            BinaryOp::Bxor => b.build_xor(x, y, ""),
            BinaryOp::Ishl => b.build_left_shift(x, y, ""),
            BinaryOp::Sshr => b.build_right_shift(x, y, true, ""),
            BinaryOp::Ushr => b.build_right_shift(x, y, false, ""),
            BinaryOp::Fadd | BinaryOp::Fsub | BinaryOp::Fmul | BinaryOp::Fdiv => unreachable!("handled above"),
        }
        .internal()?
        .into())
    }

    /// Calls the runtime helper `symbol`, declared with the ABI table's signature (the
    /// engine maps the declaration to the helper's address).
    fn call_helper(&mut self, dst: Var, symbol: &str, args: &[Var]) -> Result<(), BackendError> {
        let helper =
            lir::helper(symbol).ok_or_else(|| BackendError::Internal(format!("no runtime helper {symbol}")))?;
        let t = self.types;
        let declaration = match self.helpers.get(symbol) {
            Some(&f) => f,
            None => {
                let params: Vec<BasicMetadataTypeEnum> = helper.params.iter().map(|&p| t.of(p).into()).collect();
                let fn_type = t.of(helper.result).fn_type(&params, false);
                let f = self.module.add_function(symbol, fn_type, Some(Linkage::External));
                let nounwind = inkwell::attributes::Attribute::get_named_enum_kind_id("nounwind");
                f.add_attribute(AttributeLoc::Function, self.cx.create_enum_attribute(nounwind, 0));
                self.helpers.insert(symbol.to_owned(), f);
                f
            }
        };
        let mut values: Vec<BasicMetadataValueEnum> = Vec::with_capacity(args.len());
        for (&arg, &param) in args.iter().zip(helper.params) {
            values.push(as_word_type(&self.b, t, self.get(arg)?, param)?.into());
        }
        let result = basic(self.b.build_call(declaration, &values, "").internal()?)?;
        let v = as_word_type(&self.b, t, result, self.ty(dst)?)?;
        self.def(dst, v)
    }

    /// Calls module function `callee` with a stack buffer as its out buffer: a failure
    /// leaves this function with the callee's status and `out[0]`; otherwise its result
    /// words become `dsts`.
    fn call(&mut self, dsts: &[Var], callee: u32, args: &[Var]) -> Result<(), BackendError> {
        let no_callee = || BackendError::Internal(format!("no function {callee} to call"));
        let target = self.lir.functions.get(callee as usize).ok_or_else(no_callee)?;
        let f = *self.functions.get(callee as usize).ok_or_else(no_callee)?;
        let t = self.types;
        let words = target.results.len().max(1) as u32;
        // The buffer lives in the entry block, so inlining and SROA can dissolve it.
        let here = self.b.get_insert_block().ok_or_else(|| BackendError::Internal("no insert block".into()))?;
        let entry = self.allocas.ok_or_else(|| BackendError::Internal("no entry block".into()))?;
        match entry.get_first_instruction() {
            Some(first) => self.b.position_before(&first),
            None => self.b.position_at_end(entry),
        }
        let buffer = self.b.build_alloca(t.i64.array_type(words), "out").internal()?;
        buffer.as_instruction().map(|i| i.set_alignment(8)).transpose().internal()?;
        self.b.position_at_end(here);

        let mut values: Vec<BasicMetadataValueEnum> = Vec::with_capacity(args.len() + 2);
        for &arg in args {
            values.push(self.get(arg)?.into());
        }
        values.push(buffer.into());
        let depth = self.depth.expect("checked in body");
        values.push(self.b.build_int_sub(depth, t.i64.const_int(1, false), "").internal()?.into());
        let status = basic(self.b.build_call(f, &values, "status").internal()?)?.into_int_value();

        let failed = self.cx.append_basic_block(self.value, "failed");
        let next = self.cx.append_basic_block(self.value, "");
        let is_failure = self.b.build_int_compare(IntPredicate::NE, status, t.i32.const_zero(), "").internal()?;
        self.b.build_conditional_branch(is_failure, failed, next).internal()?;
        self.b.position_at_end(failed);
        let word = self.b.build_load(t.i64, buffer, "").internal()?;
        set_alignment(word, 8)?;
        self.b.build_store(self.out(), word).internal()?.set_alignment(8).internal()?;
        self.b.build_return(Some(&status)).internal()?;

        self.b.position_at_end(next);
        for (i, (&dst, &ty)) in dsts.iter().zip(&target.results).enumerate() {
            let address = byte_offset(&self.b, t, buffer, (i * 8) as i64)?;
            let word = self.b.build_load(t.i64, address, "").internal()?;
            set_alignment(word, 8)?;
            let v = from_word(&self.b, t, word.into_int_value(), ty)?;
            self.def(dst, v)?;
        }
        Ok(())
    }

    fn terminator(&mut self, terminator: &Terminator) -> Result<(), BackendError> {
        match terminator {
            Terminator::Jump(target) => {
                self.b.build_unconditional_branch(self.block(*target)?).internal()?;
            }
            Terminator::Brif { cond, then, otherwise } => {
                let mut c = self.get_int(*cond)?;
                let rare = |block: &lir::Block| self.rare.get(block.0 as usize).copied().unwrap_or(false);
                // A rare arm's edge gets the weights of a cold exit (`llvm.expect`).
                let expected = match (rare(then), rare(otherwise)) {
                    (true, false) => Some(false),
                    (false, true) => Some(true),
                    _ => None,
                };
                let (then, otherwise) = (self.block(*then)?, self.block(*otherwise)?);
                if then == otherwise {
                    self.b.build_unconditional_branch(then).internal()?;
                } else {
                    if let Some(expected) = expected {
                        let t = self.types;
                        let value = t.i1.const_int(u64::from(expected), false);
                        c = self.intrinsic("llvm.expect", &[t.i1.into()], &[c.into(), value.into()])?.into_int_value();
                    }
                    self.b.build_conditional_branch(c, then, otherwise).internal()?;
                }
            }
            Terminator::Return(results) => {
                for (i, &var) in results.iter().enumerate() {
                    let (value, ty) = (self.get(var)?, self.ty(var)?);
                    let word = to_word(&self.b, self.types, value, ty)?;
                    let address = byte_offset(&self.b, self.types, self.out(), (i * 8) as i64)?;
                    self.b.build_store(address, word).internal()?.set_alignment(8).internal()?;
                }
                self.b.build_return(Some(&self.types.i32.const_int(Status::Ok as u64, false))).internal()?;
            }
            Terminator::Exit(exit) => self.leave(*exit)?,
        }
        Ok(())
    }
}

fn int_cc(cc: lir::IntCC) -> IntPredicate {
    use lir::IntCC as L;
    match cc {
        L::Eq => IntPredicate::EQ,
        L::Ne => IntPredicate::NE,
        L::Slt => IntPredicate::SLT,
        L::Sle => IntPredicate::SLE,
        L::Sgt => IntPredicate::SGT,
        L::Sge => IntPredicate::SGE,
        L::Ult => IntPredicate::ULT,
        L::Ule => IntPredicate::ULE,
        L::Ugt => IntPredicate::UGT,
        L::Uge => IntPredicate::UGE,
    }
}

/// Ordered comparisons are false on NaN; `Ne`, `Uno` and `UgeOrUno` are true then.
fn float_cc(cc: lir::FloatCC) -> FloatPredicate {
    use lir::FloatCC as L;
    match cc {
        L::Eq => FloatPredicate::OEQ,
        L::Ne => FloatPredicate::UNE,
        L::Lt => FloatPredicate::OLT,
        L::Le => FloatPredicate::OLE,
        L::Gt => FloatPredicate::OGT,
        L::Ge => FloatPredicate::OGE,
        L::Ord => FloatPredicate::ORD,
        L::Uno => FloatPredicate::UNO,
        L::UgeOrUno => FloatPredicate::UGE,
    }
}
