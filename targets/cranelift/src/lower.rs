//! Lowering one typed function to Cranelift IR. Every IR variable becomes one Cranelift
//! `Variable` per machine part (a tuple or a range iterator has several), and
//! `FunctionBuilder`'s SSA construction turns the IR's reassignable variables and block
//! parameters into SSA form. Checks that Python semantics require (a zero divisor, a
//! zero range step) branch to a block that returns the matching status.


/// Why native code deoptimized when a local it reads is unbound. In a lifted loop that
/// is the zero-iteration case (a name only its iterations bind, handed back): the loop as
/// written then runs, which is no failed speculation.
pub const UNBOUND_LOCAL_READ: &str = "a local read before any assignment";
use std::collections::HashMap;

use cranelift_codegen::ir::{
    condcodes::{FloatCC, IntCC},
    types, AbiParam, Block as ClBlock, InstBuilder, InstructionData, MemFlagsData, Opcode, Signature, StackSlotData, StackSlotKind, Type as ClType,
    Value, ValueDef,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module};
use pynum_jit::ir::{BinOp, BlockId, CmpOp, Const, Edge, Expr, InstKind, Terminator, UnaryOp, Var};
use pynum_jit::typeinfer::{Identity, Target, Typed, TypingContext};
use pynum_jit::ops::{ErrorCheck, FloatOp, Lowering};
use pynum_jit::types::Type;
use pynum_runtime::Status;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LowerError {
    /// Typed IR this backend does not lower (yet): the region stays interpreted.
    Unsupported(String),
    /// Cranelift rejected what we built: a bug.
    Backend(String),
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LowerError::Unsupported(what) => write!(f, "tier 1 cannot lower {what}"),
            LowerError::Backend(what) => write!(f, "Cranelift error: {what}"),
        }
    }
}

impl std::error::Error for LowerError {}

/// The machine parts a value of `ty` occupies, in order.
pub fn parts(ty: &Type) -> Result<Vec<ClType>, LowerError> {
    Ok(match ty {
        Type::Bool | Type::NoneType => vec![types::I8],
        Type::Int { bits: 64, .. } => vec![types::I64],
        Type::Float { bits: 64 } => vec![types::F64],
        Type::Tuple(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(parts(item)?);
            }
            out
        }
        Type::RangeState | Type::RangeIter => vec![types::I64; 3],
        // The list's pointer and the next index.
        Type::ListIter(_) => vec![types::I64; 2],
        Type::IterPair(item) => {
            let mut out = parts(item)?;
            out.push(types::I8);
            out
        }
        // A pointer to the dispatcher's copy of the items: `[len, item0, item1, ...]`,
        // one 64-bit word each.
        Type::List(item) if matches!(**item, Type::INT64 | Type::FLOAT64) => vec![types::I64],
        // The same with one byte per item.
        Type::ByteArray => vec![types::I64],
        Type::Builtin(_) | Type::Module(_) | Type::ModuleFunction(..) | Type::Function(_) => Vec::new(),
        other => return Err(LowerError::Unsupported(format!("values of type {other}"))),
    })
}

/// A machine value from the 64-bit word the dispatcher packed.
pub fn from_word(b: &mut FunctionBuilder<'_>, word: Value, part: ClType) -> Value {
    match part {
        types::F64 => b.ins().bitcast(types::F64, MemFlagsData::new(), word),
        types::I8 => b.ins().ireduce(types::I8, word),
        _ => word,
    }
}

fn to_word(b: &mut FunctionBuilder<'_>, value: Value, part: ClType) -> Value {
    match part {
        types::F64 => b.ins().bitcast(types::I64, MemFlagsData::new(), value),
        types::I8 => b.ins().uextend(types::I64, value),
        _ => value,
    }
}

/// Typed parts of every argument, then the out-pointer; returns the status.
pub fn internal_signature(module: &JITModule, typed: &Typed) -> Result<Signature, LowerError> {
    let mut sig = Signature::new(module.isa().default_call_conv());
    for ty in &typed.args {
        for part in parts(ty)? {
            sig.params.push(AbiParam::new(part));
        }
    }
    sig.params.push(AbiParam::new(module.target_config().pointer_type()));
    sig.params.push(AbiParam::new(types::I64)); // the remaining call depth
    sig.returns.push(AbiParam::new(types::I32));
    Ok(sig)
}

/// The user functions `typed` calls, with their argument types.
pub fn direct_calls(typed: &Typed) -> Vec<(String, Vec<Type>)> {
    let mut calls = Vec::new();
    for block in &typed.function.blocks {
        for inst in &block.insts {
            let (InstKind::Assign { value: Expr::Call { func, args, .. }, .. } | InstKind::Discard(Expr::Call { func, args, .. })) = &inst.kind else {
                continue;
            };
            if let Some(Type::Function(qualname)) = typed.types.get(func) {
                let arg_types: Vec<Type> = args.iter().filter_map(|a| typed.types.get(a).cloned()).collect();
                calls.push((qualname.clone(), arg_types));
            }
        }
    }
    calls
}

const HELPERS2: &[(&str, extern "C" fn(f64, f64) -> f64)] = &[
    ("pynum_float_floordiv", pynum_runtime::float_floordiv),
    ("pynum_float_mod", pynum_runtime::float_mod),
];

pub fn register_runtime_symbols(builder: &mut JITBuilder) {
    for helper in pynum_jit::ops::helpers() {
        builder.symbol(helper.symbol, helper.address());
    }
    for (name, f) in HELPERS2 {
        builder.symbol(*name, *f as *const u8);
    }
    builder.symbol("pynum_int_pow", pynum_runtime::int_pow_wrapping as *const u8);
    builder.symbol("pynum_int_pow_fits", pynum_runtime::int_pow_fits as *const u8);
    builder.symbol("pynum_round_ndigits", pynum_runtime::round_ndigits as *const u8);
    builder.symbol("pynum_round_int_ndigits", pynum_runtime::round_int_ndigits as *const u8);
    builder.symbol("pynum_list_new", pynum_runtime::lists::list_new as *const u8);
    builder.symbol("pynum_list_repeat", pynum_runtime::lists::list_repeat as *const u8);
}

pub fn lower_function(
    module: &mut JITModule,
    func: &mut cranelift_codegen::ir::Function,
    fb_ctx: &mut FunctionBuilderContext,
    typed: &Typed,
    ids: &[(String, FuncId)],
    tables: &mut SideTables,
    python: bool,
) -> Result<(), LowerError> {
    let b = FunctionBuilder::new(func, fb_ctx);
    let mut lowerer = Lowerer {
        b,
        module,
        typed,
        ids,
        tables,
        python,
        line: typed.function.first_line,
        vars: HashMap::new(),
        bound_flags: HashMap::new(),
        blocks: HashMap::new(),
        entry: None,
        imports: HashMap::new(),
        nonnegative_ranges: Default::default(),
        nonnegative: Default::default(),
    };
    let result = lowerer.function();
    lowerer.b.seal_all_blocks();
    let frontend_config = lowerer.module.target_config();
    lowerer.b.finalize(frontend_config);
    result
}

/// What the dispatcher needs to know of a module's code besides the code: what its
/// failures refer to by index in the out buffer's word 0 (static raises, deoptimization
/// sites with why and line), and whether it makes lists.
#[derive(Debug, Default)]
pub struct SideTables {
    pub raises: Vec<(String, Vec<Const>)>,
    pub deopt_sites: Vec<(&'static str, u32)>,
    /// Some function calls the runtime's list constructors.
    pub makes_lists: bool,
}

struct Lowerer<'a, 'f> {
    b: FunctionBuilder<'f>,
    module: &'a mut JITModule,
    typed: &'a Typed,
    ids: &'a [(String, FuncId)],
    tables: &'a mut SideTables,
    /// The source line being lowered, for deoptimization sites.
    line: u32,
    /// Python's semantics (automatic mode) rather than Numba's.
    python: bool,
    vars: HashMap<Var, Vec<Variable>>,
    /// One "is bound" flag per local that some read may find unbound
    /// ([`pynum_jit::unbound`]).
    bound_flags: HashMap<Var, Variable>,
    blocks: HashMap<BlockId, ClBlock>,
    entry: Option<ClBlock>,
    imports: HashMap<String, cranelift_codegen::ir::FuncRef>,
    /// Range iterators whose values are all at least zero (a start known not to be
    /// negative, a positive constant step), and the values they yielded.
    nonnegative_ranges: std::collections::HashSet<Var>,
    nonnegative: std::collections::HashSet<Value>,
}

type Parts = Vec<Value>;

impl Lowerer<'_, '_> {
    fn ty(&self, var: &Var) -> Result<Type, LowerError> {
        self.typed.types.get(var).cloned().ok_or_else(|| LowerError::Unsupported(format!("untyped variable {var}")))
    }

    fn variables(&mut self, var: &Var) -> Result<Vec<Variable>, LowerError> {
        if let Some(vs) = self.vars.get(var) {
            return Ok(vs.clone());
        }
        let ty = self.ty(var)?;
        let vs: Vec<Variable> = parts(&ty)?.into_iter().map(|p| self.b.declare_var(p)).collect();
        self.vars.insert(var.clone(), vs.clone());
        Ok(vs)
    }

    fn get(&mut self, var: &Var) -> Result<Parts, LowerError> {
        if let Some(&flag) = self.bound_flags.get(var) {
            let bound = self.b.use_var(flag);
            let unbound = self.b.ins().icmp_imm_s(IntCC::Equal, bound, 0);
            let status = self.speculation(Status::UnboundLocal);
            self.fail_if_because(unbound, status, UNBOUND_LOCAL_READ);
        }
        let vs = self.variables(var)?;
        Ok(vs.into_iter().map(|v| self.b.use_var(v)).collect())
    }

    fn set(&mut self, var: &Var, values: &[Value]) -> Result<(), LowerError> {
        let vs = self.variables(var)?;
        if vs.len() != values.len() {
            return Err(LowerError::Backend(format!("{var} has {} parts, given {}", vs.len(), values.len())));
        }
        for (v, value) in vs.into_iter().zip(values) {
            self.b.def_var(v, *value);
        }
        self.set_bound(var, true);
        Ok(())
    }

    /// Tracks whether a local that may be read unbound is bound now.
    fn set_bound(&mut self, var: &Var, bound: bool) {
        if let Some(&flag) = self.bound_flags.get(var) {
            let value = self.b.ins().iconst(types::I8, i64::from(bound));
            self.b.def_var(flag, value);
        }
    }

    fn function(&mut self) -> Result<(), LowerError> {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.entry = Some(entry);
        for block in &self.typed.function.blocks {
            let cl = self.b.create_block();
            self.blocks.insert(block.id, cl);
        }
        self.b.switch_to_block(entry);
        for var in pynum_jit::unbound::maybe_unbound_reads(&self.typed.function) {
            let flag = self.b.declare_var(types::I8);
            let zero = self.b.ins().iconst(types::I8, 0);
            self.b.def_var(flag, zero);
            self.bound_flags.insert(var, flag);
        }
        // Arguments come in as the signature's types; a parameter variable may have a
        // wider one (`@njit` promotes: a bool argument whose variable is later assigned an
        // int is an int64 variable).
        let params: Vec<Value> = self.b.block_params(entry).to_vec();
        let mut at = 0;
        for (name, arg_ty) in self.typed.function.params.clone().into_iter().zip(self.typed.args.clone()) {
            let var = Var(name);
            let n = parts(&arg_ty)?.len();
            let var_ty = self.ty(&var)?;
            let values = self.coerce_parts(params[at..at + n].to_vec(), &arg_ty, &var_ty)?;
            self.set(&var, &values)?;
            at += n;
        }
        // Python's recursion limit, in native code: no budget left, no call.
        let depth = self.depth();
        let exhausted = self.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, depth, 0);
        self.fail_if(exhausted, Status::RecursionLimit);
        let first = self.blocks[&self.typed.function.blocks[0].id];
        self.b.ins().jump(first, &[]);
        for block in &self.typed.function.blocks {
            self.b.switch_to_block(self.blocks[&block.id]);
            for inst in &block.insts {
                self.line = inst.line;
                match &inst.kind {
                    InstKind::Assign { target, value } => {
                        let target_ty = self.ty(target)?;
                        let (values, natural) = self.expr(value, &target_ty)?;
                        let values = self.coerce_parts(values, &natural, &target_ty)?;
                        if natural == Type::RangeIter
                            && self.assigned_once(target)
                            && self.known_nonnegative(values[0], 4)
                            && self.iconst_value(values[2]).is_some_and(|step| step > 0)
                        {
                            self.nonnegative_ranges.insert(target.clone());
                        }
                        self.set(target, &values)?;
                    }
                    InstKind::Discard(value) => {
                        self.expr(value, &Type::NoneType)?;
                    }
                    InstKind::Del(var) => self.set_bound(var, false),
                    InstKind::SetItem { obj, index, value } => {
                        let container = self.ty(obj)?;
                        let base = self.scalar(obj)?;
                        let i = self.int(index)?;
                        let value_ty = self.ty(value)?;
                        let v = self.scalar(value)?;
                        match container {
                            Type::List(item) => {
                                let slot = self.list_slot(base, i, 3);
                                let v = self.coerce(v, &value_ty, &item)?;
                                self.b.ins().store(MemFlagsData::trusted(), v, slot, 0);
                            }
                            Type::ByteArray => {
                                let slot = self.list_slot(base, i, 0);
                                let v = self.coerce(v, &value_ty, &Type::INT64)?;
                                let outside = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, v, 255);
                                let status = self.speculation(Status::ByteOutOfRange);
                                self.fail_if_because(outside, status, "a bytearray item outside 0..=255");
                                let byte = self.b.ins().ireduce(types::I8, v);
                                self.b.ins().store(MemFlagsData::trusted(), byte, slot, 0);
                            }
                            other => return Err(LowerError::Unsupported(format!("storing into {other}"))),
                        }
                    }
                    other => return Err(LowerError::Unsupported(format!("statement {other:?}"))),
                }
            }
            self.line = block.terminator_line;
            self.terminator(block.id, &block.terminator)?;
        }
        Ok(())
    }

    /// The function's own parameters: arguments, then the out-pointer, then the depth.
    fn own_params(&self) -> &[Value] {
        let entry = self.entry.expect("the entry block is made first");
        self.b.func.dfg.block_params(entry)
    }

    fn out_ptr(&mut self) -> Value {
        let params = self.own_params();
        params[params.len() - 2]
    }

    fn depth(&mut self) -> Value {
        *self.own_params().last().expect("the depth is the last parameter")
    }

    fn terminator(&mut self, from: BlockId, term: &Terminator) -> Result<(), LowerError> {
        match term {
            Terminator::Jump(edge) => {
                if edge.block <= from {
                    self.poll_interrupt();
                }
                self.pass(edge)?;
                let target = self.blocks[&edge.block];
                self.b.ins().jump(target, &[]);
            }
            Terminator::Branch { cond, then, otherwise } => {
                if then.block <= from || otherwise.block <= from {
                    self.poll_interrupt();
                }
                let cond_ty = self.ty(cond)?;
                let value = self.scalar(cond)?;
                let flag = self.truth(value, &cond_ty)?;
                if then.block == otherwise.block {
                    let (t, o) = (self.b.create_block(), self.b.create_block());
                    self.b.ins().brif(flag, t, &[], o, &[]);
                    for (cl, edge) in [(t, then), (o, otherwise)] {
                        self.b.switch_to_block(cl);
                        self.pass(edge)?;
                        let target = self.blocks[&edge.block];
                        self.b.ins().jump(target, &[]);
                    }
                } else {
                    self.pass(then)?;
                    self.pass(otherwise)?;
                    let (t, o) = (self.blocks[&then.block], self.blocks[&otherwise.block]);
                    self.b.ins().brif(flag, t, &[], o, &[]);
                }
            }
            Terminator::Return(var) => {
                let ty = self.ty(var)?;
                let values = self.get(var)?;
                let values = self.coerce_parts(values, &ty, &self.typed.return_type.clone())?;
                let part_types = parts(&self.typed.return_type)?;
                let out = self.out_ptr();
                for (i, (value, part)) in values.into_iter().zip(part_types).enumerate() {
                    let word = to_word(&mut self.b, value, part);
                    self.b.ins().store(MemFlagsData::trusted(), word, out, (i * 8) as i32);
                }
                let ok = self.b.ins().iconst(types::I32, Status::Ok as i64);
                self.b.ins().return_(&[ok]);
            }
            Terminator::StaticRaise { exc, args } => {
                let index = self.tables.raises.len();
                self.tables.raises.push((exc.clone(), args.clone()));
                let out = self.out_ptr();
                let word = self.b.ins().iconst(types::I64, index as i64);
                self.b.ins().store(MemFlagsData::trusted(), word, out, 0);
                let status = self.b.ins().iconst(types::I32, Status::StaticRaise as i64);
                self.b.ins().return_(&[status]);
            }
            other => return Err(LowerError::Unsupported(format!("terminator {other:?}"))),
        }
        Ok(())
    }

    /// Block arguments: all read first, then the target's parameters written, so a
    /// permutation of parameters stays correct.
    fn pass(&mut self, edge: &Edge) -> Result<(), LowerError> {
        let target = self.typed.function.block(edge.block).ok_or_else(|| LowerError::Backend(format!("no {}", edge.block)))?;
        let params = target.params.clone();
        let mut values = Vec::new();
        for (arg, param) in edge.args.iter().zip(&params) {
            let (from, to) = (self.ty(arg)?, self.ty(param)?);
            let parts = self.get(arg)?;
            values.push(self.coerce_parts(parts, &from, &to)?);
        }
        for (param, value) in params.iter().zip(values) {
            self.set(param, &value)?;
        }
        Ok(())
    }

    /// Returns `status` from the function when `condition` holds, else continues.
    fn fail_if(&mut self, condition: Value, status: Status) {
        self.fail_if_because(condition, status, "");
    }

    /// [`Self::fail_if`]; a deoptimization also names its site (why, and the line) in
    /// word 0 of the out buffer, for `--jit-log`.
    fn fail_if_because(&mut self, condition: Value, status: Status, why: &'static str) {
        let (fail, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(condition, fail, &[], next, &[]);
        self.b.switch_to_block(fail);
        if status == Status::Deopt {
            self.tables.deopt_sites.push((why, self.line));
            let site = self.b.ins().iconst(types::I64, (self.tables.deopt_sites.len() - 1) as i64);
            let out = self.out_ptr();
            self.b.ins().store(MemFlagsData::trusted(), site, out, 0);
        }
        let code = self.b.ins().iconst(types::I32, status as i64);
        self.b.ins().return_(&[code]);
        self.b.switch_to_block(next);
    }

    /// At a back edge under Python semantics: a `SIGINT` that arrived since the loop
    /// began sends the call back to the interpreter, which raises `KeyboardInterrupt`
    /// (native code has no effects to undo). `@njit` code, as in Numba, is not
    /// interrupted.
    fn poll_interrupt(&mut self) {
        if !self.python {
            return;
        }
        let address = self.b.ins().iconst(types::I64, pynum_runtime::interrupt_flag_address() as i64);
        let pending = self.b.ins().load(types::I8, MemFlagsData::trusted(), address, 0);
        self.fail_if_because(pending, Status::Deopt, "a signal arrived (Ctrl-C)");
    }

    /// The status of a failure that `@njit` raises as `under_njit` and automatic mode
    /// hands to the interpreter (which raises what CPython raises).
    fn speculation(&self, under_njit: Status) -> Status {
        if self.python { Status::Deopt } else { under_njit }
    }

    /// The runtime symbol of `math.<name>` (the ops registry's): CPython's implementation
    /// (errors come back as NaN, which deoptimizes) under Python's semantics, the C
    /// library's under `@njit`.
    fn math_symbol(&self, name: &str) -> Result<&'static str, LowerError> {
        pynum_jit::ops::lookup("math", name)
            .and_then(|op| op.lowering.helper(self.python))
            .map(|helper| helper.symbol)
            .ok_or_else(|| LowerError::Backend(format!("math.{name} has no helper")))
    }

    /// A runtime allocation returned null: `MemoryError` under `@njit`; automatic mode
    /// hands the call to the interpreter, which raises what CPython raises for that size.
    fn fail_if_allocation_failed(&mut self, pointer: Value) {
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, pointer, 0);
        let status = self.speculation(Status::MemoryError);
        self.fail_if_because(failed, status, "an allocation failed");
    }

    /// Python semantics: leave for the interpreter when `condition` holds.
    fn deopt_if(&mut self, condition: Value, why: &'static str) {
        if self.python {
            self.fail_if_because(condition, Status::Deopt, why);
        }
    }

    /// Python semantics: an int beyond 2**53 does not convert to float exactly.
    fn deopt_unless_exact_float(&mut self, value: Value, ty: &Type) {
        if self.python && matches!(ty, Type::Int { .. }) {
            let magnitude = self.b.ins().iabs(value);
            let big = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, magnitude, 1i64 << 53);
            self.fail_if_because(big, Status::Deopt, "an int beyond 2**53 made a float");
        }
    }

    /// Python semantics: a float function that turned finite inputs into a non-finite
    /// result, or non-NaN inputs into NaN, raised in Python (domain or range error).
    fn deopt_on_float_error(&mut self, result: Value, inputs: &[Value]) {
        if !self.python {
            return;
        }
        // CPython's math_1/math_2 rule: a NaN result is a domain error unless an input was
        // NaN; an infinite result is a range (or domain) error unless an input was infinite
        // too. sin(inf) is NaN from an infinite input: an error, as in CPython.
        let inf = self.b.ins().f64const(f64::INFINITY);
        let magnitude = self.b.ins().fabs(result);
        let mut nan_bad = self.b.ins().fcmp(FloatCC::Unordered, result, result);
        let mut inf_bad = self.b.ins().fcmp(FloatCC::Equal, magnitude, inf);
        for &input in inputs {
            let not_nan = self.b.ins().fcmp(FloatCC::Ordered, input, input);
            nan_bad = self.b.ins().band(nan_bad, not_nan);
            let input_magnitude = self.b.ins().fabs(input);
            let finite = self.b.ins().fcmp(FloatCC::LessThan, input_magnitude, inf);
            inf_bad = self.b.ins().band(inf_bad, finite);
        }
        let bad = self.b.ins().bor(nan_bad, inf_bad);
        self.fail_if_because(bad, Status::Deopt, "a float function Python would raise in");
    }

    fn coerce(&mut self, value: Value, from: &Type, to: &Type) -> Result<Value, LowerError> {
        Ok(match (from, to) {
            (a, b) if a == b => value,
            (Type::Bool, Type::Int { .. }) => self.b.ins().uextend(types::I64, value),
            (Type::Bool, Type::Float { .. }) => {
                let wide = self.b.ins().uextend(types::I64, value);
                self.b.ins().fcvt_from_sint(types::F64, wide)
            }
            (Type::Int { .. }, Type::Float { .. }) => self.b.ins().fcvt_from_sint(types::F64, value),
            _ => return Err(LowerError::Unsupported(format!("a conversion from {from} to {to}"))),
        })
    }

    fn coerce_parts(&mut self, values: Parts, from: &Type, to: &Type) -> Result<Parts, LowerError> {
        if from == to {
            return Ok(values);
        }
        match (from, to) {
            (Type::Tuple(xs), Type::Tuple(ys)) => {
                let mut out = Vec::new();
                let mut at = 0;
                for (x, y) in xs.iter().zip(ys) {
                    let n = parts(x)?.len();
                    out.extend(self.coerce_parts(values[at..at + n].to_vec(), x, y)?);
                    at += n;
                }
                Ok(out)
            }
            _ => Ok(vec![self.coerce(values[0], from, to)?]),
        }
    }

    fn truth(&mut self, value: Value, ty: &Type) -> Result<Value, LowerError> {
        Ok(match ty {
            Type::Bool => value,
            Type::Int { .. } => self.b.ins().icmp_imm_s(IntCC::NotEqual, value, 0),
            Type::Float { .. } => {
                let zero = self.b.ins().f64const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, value, zero)
            }
            Type::NoneType => self.b.ins().iconst(types::I8, 0),
            other => return Err(LowerError::Unsupported(format!("the truth of {other}"))),
        })
    }

    fn import(&mut self, name: &str, params: &[ClType], result: ClType) -> Result<cranelift_codegen::ir::FuncRef, LowerError> {
        if let Some(r) = self.imports.get(name) {
            return Ok(*r);
        }
        let mut sig = Signature::new(self.module.isa().default_call_conv());
        sig.params.extend(params.iter().map(|p| AbiParam::new(*p)));
        sig.returns.push(AbiParam::new(result));
        let id = self.module.declare_function(name, Linkage::Import, &sig).map_err(|e| LowerError::Backend(e.to_string()))?;
        let r = self.module.declare_func_in_func(id, self.b.func);
        self.imports.insert(name.to_owned(), r);
        Ok(r)
    }

    fn call_helper(&mut self, name: &str, args: &[Value], params: &[ClType], result: ClType) -> Result<Value, LowerError> {
        let f = self.import(name, params, result)?;
        let call = self.b.ins().call(f, args);
        Ok(self.b.inst_results(call)[0])
    }

    /// Lowers an expression; returns its parts and the type they have.
    fn expr(&mut self, e: &Expr, target: &Type) -> Result<(Parts, Type), LowerError> {
        let single = |v: Value, t: Type| Ok((vec![v], t));
        match e {
            Expr::Var(v) => Ok((self.get(v)?, self.ty(v)?)),
            Expr::Const(c) => {
                let ty = target.clone();
                Ok((self.constant(c)?, ty))
            }
            Expr::Global(_) | Expr::GetAttr { .. } if parts(target)?.is_empty() => Ok((Vec::new(), target.clone())),
            Expr::GetAttr { attr, .. } => {
                let value = match pynum_jit::ops::constant(attr) {
                    Some(constant) => constant.value,
                    None => return Err(LowerError::Unsupported(format!("attribute {attr}"))),
                };
                single(self.b.ins().f64const(value), Type::FLOAT64)
            }
            Expr::Binary { op: BinOp::Mul, lhs, rhs } | Expr::Inplace { op: BinOp::Mul, lhs, rhs }
                if matches!(target, Type::List(_)) =>
            {
                let (list, times) = if matches!(self.ty(lhs)?, Type::List(_)) { (lhs, rhs) } else { (rhs, lhs) };
                let list_value = self.scalar(list)?;
                let times = self.int(times)?;
                self.tables.makes_lists = true;
                let repeated =
                    self.call_helper("pynum_list_repeat", &[list_value, times], &[types::I64, types::I64], types::I64)?;
                self.fail_if_allocation_failed(repeated);
                single(repeated, target.clone())
            }
            Expr::Binary { op, lhs, rhs } | Expr::Inplace { op, lhs, rhs } => {
                let (a, b) = (self.scalar(lhs)?, self.scalar(rhs)?);
                let (ta, tb) = (self.ty(lhs)?, self.ty(rhs)?);
                let value = self.binary(*op, a, &ta, b, &tb, target)?;
                single(value, target.clone())
            }
            Expr::Compare { op, lhs, rhs } => {
                let (ta, tb) = (self.ty(lhs)?, self.ty(rhs)?);
                let value = self.compare(*op, lhs, &ta, rhs, &tb)?;
                single(value, Type::Bool)
            }
            Expr::Unary { op, operand } => {
                let t = self.ty(operand)?;
                let v = self.scalar(operand)?;
                let value = match op {
                    UnaryOp::Not => {
                        let truth = self.truth(v, &t)?;
                        self.b.ins().bxor_imm_u(truth, 1)
                    }
                    UnaryOp::Pos => self.coerce(v, &t, target)?,
                    UnaryOp::Neg if matches!(target, Type::Float { .. }) => self.b.ins().fneg(v),
                    UnaryOp::Neg => {
                        let v = self.coerce(v, &t, target)?;
                        let is_min = self.b.ins().icmp_imm_s(IntCC::Equal, v, i64::MIN);
                        self.deopt_if(is_min, "abs(-2**63) leaves 64 bits");
                        self.b.ins().ineg(v)
                    }
                    UnaryOp::Invert => {
                        let v = self.coerce(v, &t, target)?;
                        self.b.ins().bnot(v)
                    }
                };
                single(value, target.clone())
            }
            Expr::Truth(v) => {
                let t = self.ty(v)?;
                let value = self.scalar(v)?;
                single(self.truth(value, &t)?, Type::Bool)
            }
            Expr::Call { func, args, .. } => {
                let callee = self.ty(func)?;
                self.call(&callee, args, target).map(|parts| (parts, target.clone()))
            }
            Expr::RangeIter { start, stop, step } => {
                let (start, stop, step) = (self.int(start)?, self.int(stop)?, self.int(step)?);
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, step, 0);
                self.fail_if(zero, Status::RangeStepZero);
                Ok((self.range_iterator(start, stop, step), Type::RangeIter))
            }
            Expr::GetIter(v) if matches!(target, Type::ListIter(_)) => {
                let list = self.scalar(v)?;
                let start = self.b.ins().iconst(types::I64, 0);
                Ok((vec![list, start], target.clone()))
            }
            Expr::GetIter(v) => {
                let range = self.get(v)?;
                Ok((self.range_iterator(range[0], range[1], range[2]), Type::RangeIter))
            }
            Expr::IterNext(it) if matches!(self.ty(it)?, Type::ListIter(_)) => {
                let Type::ListIter(item) = self.ty(it)? else { unreachable!("matched above") };
                let vars = self.variables(it)?;
                let [list, index] = [self.b.use_var(vars[0]), self.b.use_var(vars[1])];
                let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), list, 0);
                let valid = self.b.ins().icmp(IntCC::SignedLessThan, index, len);
                // Past the end, read the length word instead (always there; unused).
                let word = self.b.ins().iadd_imm_s(index, 1);
                let zero = self.b.ins().iconst(types::I64, 0);
                let word = self.b.ins().select(valid, word, zero);
                let offset = self.b.ins().ishl_imm_s(word, 3);
                let address = self.b.ins().iadd(list, offset);
                let value = self.b.ins().load(parts(&item)?[0], MemFlagsData::trusted(), address, 0);
                let next = self.b.ins().iadd_imm_s(index, 1);
                self.b.def_var(vars[1], next);
                Ok((vec![value, valid], target.clone()))
            }
            Expr::IterNext(it) => {
                let vars = self.variables(it)?;
                let [cur, remaining, step] = [self.b.use_var(vars[0]), self.b.use_var(vars[1]), self.b.use_var(vars[2])];
                let valid = self.b.ins().icmp_imm_s(IntCC::NotEqual, remaining, 0);
                // After the last value `cur + step` may wrap; it is never yielded.
                let next = self.b.ins().iadd(cur, step);
                self.b.def_var(vars[0], next);
                // A `for` loop leaves at the first invalid pair and never asks again.
                let left = self.b.ins().iadd_imm_s(remaining, -1);
                self.b.def_var(vars[1], left);
                if self.nonnegative_ranges.contains(it) {
                    self.nonnegative.insert(cur);
                }
                Ok((vec![cur, valid], target.clone()))
            }
            Expr::PairFirst(p) => {
                let values = self.get(p)?;
                Ok((values[..values.len() - 1].to_vec(), target.clone()))
            }
            Expr::PairSecond(p) => {
                let values = self.get(p)?;
                single(*values.last().expect("pairs have a flag"), Type::Bool)
            }
            Expr::BuildTuple(items) => {
                let mut values = Vec::new();
                let mut item_types = Vec::new();
                for item in items {
                    values.extend(self.get(item)?);
                    item_types.push(self.ty(item)?);
                }
                Ok((values, Type::Tuple(item_types)))
            }
            Expr::StaticGetItem { obj, index } => {
                let Type::Tuple(items) = self.ty(obj)? else { return Err(LowerError::Unsupported("indexing a non-tuple".into())) };
                let values = self.get(obj)?;
                let start: usize = items[..*index].iter().map(|t| parts(t).map(|p| p.len())).sum::<Result<usize, _>>()?;
                let n = parts(&items[*index])?.len();
                Ok((values[start..start + n].to_vec(), items[*index].clone()))
            }
            Expr::ExhaustIter { value, .. } => Ok((self.get(value)?, self.ty(value)?)),
            Expr::BuildList(items) => {
                let Type::List(item) = target.clone() else {
                    return Err(LowerError::Unsupported(format!("a list typed {target}")));
                };
                let len = self.b.ins().iconst(types::I64, items.len() as i64);
                self.tables.makes_lists = true;
                let list = self.call_helper("pynum_list_new", &[len], &[types::I64], types::I64)?;
                self.fail_if_allocation_failed(list);
                for (i, var) in items.iter().enumerate() {
                    let var_ty = self.ty(var)?;
                    let value = self.scalar(var)?;
                    let value = self.coerce(value, &var_ty, &item)?;
                    self.b.ins().store(MemFlagsData::trusted(), value, list, 8 * (i as i32 + 1));
                }
                single(list, target.clone())
            }
            Expr::GetItem { obj, index } => {
                let container = self.ty(obj)?;
                let base = self.scalar(obj)?;
                let i = self.int(index)?;
                match container {
                    Type::List(item) => {
                        let slot = self.list_slot(base, i, 3);
                        let part = parts(&item)?[0];
                        single(self.b.ins().load(part, MemFlagsData::trusted(), slot, 0), (*item).clone())
                    }
                    Type::ByteArray => {
                        let slot = self.list_slot(base, i, 0);
                        let byte = self.b.ins().load(types::I8, MemFlagsData::trusted(), slot, 0);
                        single(self.b.ins().uextend(types::I64, byte), Type::INT64)
                    }
                    other => Err(LowerError::Unsupported(format!("indexing {other}"))),
                }
            }
            other => Err(LowerError::Unsupported(format!("the expression {other:?}"))),
        }
    }

    /// The one machine value of `var`. A value of several parts (a tuple) or of none
    /// (`()`, a function) where an operation takes one is not lowered: `() == ()` typed
    /// as a comparison and indexed a value that does not exist.
    fn scalar(&mut self, var: &Var) -> Result<Value, LowerError> {
        match self.get(var)?.as_slice() {
            [value] => Ok(*value),
            _ => Err(LowerError::Unsupported(format!("an operation on a {}", self.ty(var)?))),
        }
    }

    fn int(&mut self, var: &Var) -> Result<Value, LowerError> {
        let t = self.ty(var)?;
        let v = self.scalar(var)?;
        self.coerce(v, &t, &Type::INT64)
    }

    fn constant(&mut self, c: &Const) -> Result<Parts, LowerError> {
        Ok(match c {
            Const::Int(i) => vec![self.b.ins().iconst(types::I64, *i)],
            Const::Float(x) => vec![self.b.ins().f64const(*x)],
            Const::Bool(v) => vec![self.b.ins().iconst(types::I8, i64::from(*v))],
            Const::None => vec![self.b.ins().iconst(types::I8, 0)],
            Const::Tuple(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(self.constant(item)?);
                }
                out
            }
            other => return Err(LowerError::Unsupported(format!("the constant {other}"))),
        })
    }

    fn binary(&mut self, op: BinOp, a: Value, ta: &Type, b: Value, tb: &Type, result: &Type) -> Result<Value, LowerError> {
        if *result == Type::Bool {
            return Ok(match op {
                BinOp::And => self.b.ins().band(a, b),
                BinOp::Or => self.b.ins().bor(a, b),
                _ => self.b.ins().bxor(a, b),
            });
        }
        if let Type::Float { .. } = result {
            if op == BinOp::TrueDiv && ta.is_integer() && tb.is_integer() {
                // Python divides ints exactly, then rounds once.
                self.deopt_unless_exact_float(a, ta);
                self.deopt_unless_exact_float(b, tb);
            }
            let x = self.coerce(a, ta, result)?;
            let y = self.coerce(b, tb, result)?;
            return Ok(match op {
                BinOp::Add => self.b.ins().fadd(x, y),
                BinOp::Sub => self.b.ins().fsub(x, y),
                BinOp::Mul => self.b.ins().fmul(x, y),
                BinOp::TrueDiv | BinOp::FloorDiv | BinOp::Mod => {
                    let zero = self.b.ins().f64const(0.0);
                    let is_zero = self.b.ins().fcmp(FloatCC::Equal, y, zero);
                    self.fail_if(is_zero, Status::ZeroDivision);
                    match op {
                        BinOp::TrueDiv => self.b.ins().fdiv(x, y),
                        BinOp::FloorDiv => self.call_helper("pynum_float_floordiv", &[x, y], &[types::F64, types::F64], types::F64)?,
                        _ => self.call_helper("pynum_float_mod", &[x, y], &[types::F64, types::F64], types::F64)?,
                    }
                }
                BinOp::Pow => {
                    let r = self.call_helper(self.math_symbol("pow")?, &[x, y], &[types::F64, types::F64], types::F64)?;
                    self.deopt_on_float_error(r, &[x, y]);
                    r
                }
                other => return Err(LowerError::Unsupported(format!("float {}", other.symbol()))),
            });
        }
        let x = self.coerce(a, ta, &Type::INT64)?;
        let y = self.coerce(b, tb, &Type::INT64)?;
        Ok(match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul if self.python => {
                let (value, overflow) = match op {
                    BinOp::Add => self.b.ins().sadd_overflow(x, y),
                    BinOp::Sub => self.b.ins().ssub_overflow(x, y),
                    _ => self.b.ins().smul_overflow(x, y),
                };
                self.fail_if_because(overflow, Status::Deopt, "an int left 64 bits");
                value
            }
            BinOp::Add => self.b.ins().iadd(x, y),
            BinOp::Sub => self.b.ins().isub(x, y),
            BinOp::Mul => self.b.ins().imul(x, y),
            BinOp::And => self.b.ins().band(x, y),
            BinOp::Or => self.b.ins().bor(x, y),
            BinOp::Xor => self.b.ins().bxor(x, y),
            BinOp::FloorDiv | BinOp::Mod if let Some(divisor) = self.positive_constant(y) => {
                self.divide_by_positive_constant(op, x, y, divisor)
            }
            BinOp::FloorDiv | BinOp::Mod => {
                let is_zero = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                self.fail_if(is_zero, Status::ZeroDivision);
                // `i64::MIN / -1` traps in hardware; Python's answer wraps under @njit,
                // and is an int beyond 64 bits under Python.
                let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, y, -1);
                if self.python && op == BinOp::FloorDiv {
                    let is_min = self.b.ins().icmp_imm_s(IntCC::Equal, x, i64::MIN);
                    let overflow = self.b.ins().band(is_min, minus_one);
                    self.fail_if_because(overflow, Status::Deopt, "-2**63 // -1 leaves 64 bits");
                }
                let one = self.b.ins().iconst(types::I64, 1);
                let safe_y = self.b.ins().select(minus_one, one, y);
                let q = self.b.ins().sdiv(x, safe_y);
                let r = self.b.ins().srem(x, safe_y);
                // Floor: when the remainder is non-zero and its sign differs from the divisor's.
                let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let signs = self.b.ins().bxor(r, safe_y);
                let differ = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, signs, 0);
                let adjust = self.b.ins().band(nonzero, differ);
                let adjust_wide = self.b.ins().uextend(types::I64, adjust);
                let q_floor = self.b.ins().isub(q, adjust_wide);
                let r_add = self.b.ins().imul(adjust_wide, safe_y);
                let r_floor = self.b.ins().iadd(r, r_add);
                let negated = self.b.ins().ineg(x);
                let zero = self.b.ins().iconst(types::I64, 0);
                match op {
                    BinOp::FloorDiv => self.b.ins().select(minus_one, negated, q_floor),
                    _ => self.b.ins().select(minus_one, zero, r_floor),
                }
            }
            BinOp::Pow => {
                let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, y, 0);
                self.fail_if(negative, Status::NegativePower);
                if self.python {
                    let fits = self.call_helper("pynum_int_pow_fits", &[x, y], &[types::I64, types::I64], types::I8)?;
                    let overflow = self.b.ins().icmp_imm_s(IntCC::Equal, fits, 0);
                    self.fail_if_because(overflow, Status::Deopt, "a power left 64 bits");
                }
                self.call_helper("pynum_int_pow", &[x, y], &[types::I64, types::I64], types::I64)?
            }
            BinOp::LShift | BinOp::RShift => {
                let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, y, 0);
                self.fail_if(negative, Status::NegativeShift);
                let big = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, y, 63);
                let sixty_three = self.b.ins().iconst(types::I64, 63);
                let count = self.b.ins().select(big, sixty_three, y);
                if op == BinOp::LShift {
                    let shifted = self.b.ins().ishl(x, count);
                    if self.python {
                        // Bits shifted out (or a shift past 63 of a non-zero value) make an
                        // int beyond 64 bits in Python.
                        let back = self.b.ins().sshr(shifted, count);
                        let lost = self.b.ins().icmp(IntCC::NotEqual, back, x);
                        let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0);
                        let too_far = self.b.ins().band(big, nonzero);
                        let overflow = self.b.ins().bor(lost, too_far);
                        self.fail_if_because(overflow, Status::Deopt, "a left shift left 64 bits");
                    }
                    let zero = self.b.ins().iconst(types::I64, 0);
                    self.b.ins().select(big, zero, shifted)
                } else {
                    self.b.ins().sshr(x, count)
                }
            }
            other => return Err(LowerError::Unsupported(format!("int {}", other.symbol()))),
        })
    }

    /// The address of item `i` of a list (items of `1 << item_shift` bytes after the
    /// 8-byte length), after Python's negative-index wrap and a
    /// bounds check (out of range: `IndexError` under `@njit`, a deoptimization in
    /// automatic mode, where the interpreter raises it).
    fn list_slot(&mut self, base: Value, i: Value, item_shift: i64) -> Value {
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, 0);
        let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, i, 0);
        let wrapped = self.b.ins().iadd(i, len);
        let index = self.b.ins().select(negative, wrapped, i);
        // Unsigned: a still-negative index is huge.
        let outside = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, index, len);
        let status = self.speculation(Status::IndexOutOfRange);
        self.fail_if_because(outside, status, "an index out of range");
        let offset = self.b.ins().ishl_imm_s(index, item_shift);
        let address = self.b.ins().iadd(base, offset);
        self.b.ins().iadd_imm_s(address, 8)
    }

    /// `y`'s value when it is an `iconst` above zero (Python's `n % 8`, `n // 10`).
    fn positive_constant(&self, y: Value) -> Option<i64> {
        self.iconst_value(y).filter(|&c| c > 0)
    }

    /// Whether `var` has a single assignment in the function (an iterator made once).
    fn assigned_once(&self, var: &Var) -> bool {
        let assignments = self.typed.function.blocks.iter().flat_map(|b| &b.insts);
        assignments.filter(|inst| matches!(&inst.kind, InstKind::Assign { target, .. } if target == var)).count() == 1
    }

    /// A range iterator's parts: the next value, how many values are left (as an unsigned
    /// count: `range(-2**63, 2**63 - 1)` has 2**64 - 1) and the step. Counting, rather
    /// than comparing the next value with `stop`, is exact near the ends of the 64-bit
    /// range, where `cur + step` wraps, and costs one compare per iteration.
    fn range_iterator(&mut self, start: Value, stop: Value, step: Value) -> Vec<Value> {
        let upward = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, step, 0);
        let (low, high) = (self.b.ins().select(upward, start, stop), self.b.ins().select(upward, stop, start));
        let nonempty = self.b.ins().icmp(IntCC::SignedLessThan, low, high);
        // The distance fits in 64 unsigned bits even when the signed difference does not.
        let distance = self.b.ins().isub(high, low);
        let count = match self.iconst_value(step) {
            Some(1 | -1) => distance,
            _ => {
                let negated = self.b.ins().ineg(step);
                let magnitude = self.b.ins().select(upward, step, negated);
                let before_last = self.b.ins().iadd_imm_s(distance, -1);
                let steps = self.b.ins().udiv(before_last, magnitude);
                self.b.ins().iadd_imm_s(steps, 1)
            }
        };
        let zero = self.b.ins().iconst(types::I64, 0);
        let remaining = self.b.ins().select(nonempty, count, zero);
        vec![start, remaining, step]
    }

    /// Whether the int `v` is at least zero, judged by the instructions that computed it
    /// (looking `depth` levels back): a non-negative constant; a square, sum or product
    /// of non-negative values whose overflow deoptimizes (Python semantics: the result
    /// is the exact one); a mask with a non-negative constant; an unsigned shift,
    /// quotient or remainder (the lowering emits those only for non-negative operands).
    fn known_nonnegative(&self, v: Value, depth: u32) -> bool {
        if self.nonnegative.contains(&v) {
            return true;
        }
        let dfg = &self.b.func.dfg;
        let ValueDef::Result(inst, 0) = dfg.value_def(v) else { return false };
        match dfg.insts[inst] {
            InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => imm.bits() >= 0,
            // A square that fits in 64 bits (overflow deoptimizes).
            InstructionData::Binary { opcode: Opcode::SmulOverflow, args: [a, b] } if a == b => true,
            InstructionData::Binary { opcode: Opcode::SaddOverflow | Opcode::SmulOverflow, args: [a, b] } => {
                depth > 0 && self.known_nonnegative(a, depth - 1) && self.known_nonnegative(b, depth - 1)
            }
            InstructionData::Binary { opcode: Opcode::Band, args: [a, b] } => {
                self.nonnegative_constant(a) || self.nonnegative_constant(b)
            }
            InstructionData::Binary { opcode: Opcode::Ushr, args: [_, amount] } => {
                self.iconst_value(amount).is_some_and(|k| k & 63 != 0)
            }
            InstructionData::Binary { opcode: Opcode::Urem | Opcode::Udiv, .. } => true,
            _ => false,
        }
    }

    /// `v`'s value when an `iconst` defines it.
    fn iconst_value(&self, v: Value) -> Option<i64> {
        let dfg = &self.b.func.dfg;
        let ValueDef::Result(inst, 0) = dfg.value_def(v) else { return None };
        match dfg.insts[inst] {
            InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits()),
            _ => None,
        }
    }

    fn nonnegative_constant(&self, v: Value) -> bool {
        self.iconst_value(v).is_some_and(|c| c >= 0)
    }

    /// Floor division and modulo by a positive constant: no zero or `-1` divisor to
    /// check, and the floor correction is "the remainder is negative". For a power of
    /// two, two's complement already floors: `n >> k` and `n & (2**k - 1)` are exactly
    /// Python's `n // 2**k` and `n % 2**k` for every sign of `n`.
    fn divide_by_positive_constant(&mut self, op: BinOp, x: Value, y: Value, divisor: i64) -> Value {
        if divisor.count_ones() == 1 {
            return match op {
                BinOp::FloorDiv => self.b.ins().sshr_imm_s(x, i64::from(divisor.trailing_zeros())),
                _ => self.b.ins().band_imm_s(x, divisor - 1),
            };
        }
        if self.known_nonnegative(x, 4) {
            // Truncating division is floor division here; unsigned is one step shorter
            // in the multiply-by-reciprocal Cranelift makes of it.
            return match op {
                BinOp::FloorDiv => self.b.ins().udiv(x, y),
                _ => self.b.ins().urem(x, y),
            };
        }
        let r = self.b.ins().srem(x, y);
        let negative_mask = self.b.ins().sshr_imm_s(r, 63);
        match op {
            BinOp::FloorDiv => {
                let q = self.b.ins().sdiv(x, y);
                self.b.ins().iadd(q, negative_mask)
            }
            _ => {
                let fix = self.b.ins().band_imm_s(negative_mask, divisor);
                self.b.ins().iadd(r, fix)
            }
        }
    }

    fn compare(&mut self, op: CmpOp, lhs: &Var, ta: &Type, rhs: &Var, tb: &Type) -> Result<Value, LowerError> {
        if matches!(op, CmpOp::Is | CmpOp::IsNot) {
            let context = TypingContext { target: Target::Cpu, python_semantics: self.python };
            let identity = context.identity(ta, tb).map_err(LowerError::Unsupported)?;
            let same = match identity {
                Identity::Known(same) => self.b.ins().iconst(types::I8, i64::from(same)),
                Identity::SameValue => self.compare(CmpOp::Eq, lhs, ta, rhs, tb)?,
            };
            return Ok(if op == CmpOp::Is { same } else { self.b.ins().bxor_imm_u(same, 1) });
        }
        let (a, b) = (self.scalar(lhs)?, self.scalar(rhs)?);
        if matches!(ta, Type::Float { .. }) || matches!(tb, Type::Float { .. }) {
            // Python compares an int and a float exactly.
            self.deopt_unless_exact_float(a, ta);
            self.deopt_unless_exact_float(b, tb);
            let x = self.coerce(a, ta, &Type::FLOAT64)?;
            let y = self.coerce(b, tb, &Type::FLOAT64)?;
            let cc = match op {
                CmpOp::Lt => FloatCC::LessThan,
                CmpOp::Le => FloatCC::LessThanOrEqual,
                CmpOp::Eq => FloatCC::Equal,
                CmpOp::Ne => FloatCC::NotEqual,
                CmpOp::Gt => FloatCC::GreaterThan,
                CmpOp::Ge => FloatCC::GreaterThanOrEqual,
                other => return Err(LowerError::Unsupported(format!("comparison {}", other.symbol()))),
            };
            return Ok(self.b.ins().fcmp(cc, x, y));
        }
        let x = self.coerce(a, ta, &Type::INT64)?;
        let y = self.coerce(b, tb, &Type::INT64)?;
        let cc = match op {
            CmpOp::Lt => IntCC::SignedLessThan,
            CmpOp::Le => IntCC::SignedLessThanOrEqual,
            CmpOp::Eq => IntCC::Equal,
            CmpOp::Ne => IntCC::NotEqual,
            CmpOp::Gt => IntCC::SignedGreaterThan,
            CmpOp::Ge => IntCC::SignedGreaterThanOrEqual,
            other => return Err(LowerError::Unsupported(format!("comparison {}", other.symbol()))),
        };
        Ok(self.b.ins().icmp(cc, x, y))
    }

    fn call(&mut self, callee: &Type, args: &[Var], result: &Type) -> Result<Parts, LowerError> {
        let mut values = Vec::new();
        let mut arg_types = Vec::new();
        for arg in args {
            values.push(self.get(arg)?);
            arg_types.push(self.ty(arg)?);
        }
        let scalar = |values: &[Parts], i: usize| values[i][0];
        match callee {
            Type::Function(qualname) => self.call_user(qualname, values, &arg_types, result),
            Type::Builtin(name) => {
                let name = name.as_str();
                let as_result = |me: &mut Self, i: usize| me.coerce(scalar(&values, i), &arg_types[i], result);
                Ok(vec![match name {
                    "len" => self.b.ins().load(types::I64, MemFlagsData::trusted(), scalar(&values, 0), 0),
                    "abs" if matches!(result, Type::Float { .. }) => {
                        let v = as_result(self, 0)?;
                        self.b.ins().fabs(v)
                    }
                    "abs" => {
                        let v = as_result(self, 0)?;
                        let is_min = self.b.ins().icmp_imm_s(IntCC::Equal, v, i64::MIN);
                        self.deopt_if(is_min, "abs(-2**63) leaves 64 bits");
                        let negated = self.b.ins().ineg(v);
                        let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, v, 0);
                        self.b.ins().select(negative, negated, v)
                    }
                    "min" | "max" => {
                        let mut best = as_result(self, 0)?;
                        for i in 1..values.len() {
                            let v = as_result(self, i)?;
                            // Python keeps the first of equal values: replace only when strictly better.
                            let better = match (result, name) {
                                (Type::Float { .. }, "min") => self.b.ins().fcmp(FloatCC::LessThan, v, best),
                                (Type::Float { .. }, _) => self.b.ins().fcmp(FloatCC::GreaterThan, v, best),
                                (_, "min") => self.b.ins().icmp(IntCC::SignedLessThan, v, best),
                                _ => self.b.ins().icmp(IntCC::SignedGreaterThan, v, best),
                            };
                            best = self.b.ins().select(better, v, best);
                        }
                        best
                    }
                    "float" => as_result(self, 0)?,
                    "bool" => self.truth(scalar(&values, 0), &arg_types[0])?,
                    "int" | "round" if matches!(arg_types[0], Type::Float { .. }) && values.len() == 1 => {
                        let v = scalar(&values, 0);
                        let v = if name == "round" { self.b.ins().nearest(v) } else { v };
                        self.float_to_int(v)
                    }
                    "int" | "round" if values.len() == 1 => self.coerce(scalar(&values, 0), &arg_types[0], &Type::INT64)?,
                    "round" if matches!(arg_types[0], Type::Float { .. }) => {
                        let (x, digits) = (scalar(&values, 0), self.coerce(scalar(&values, 1), &arg_types[1], &Type::INT64)?);
                        let rounded = self.call_helper("pynum_round_ndigits", &[x, digits], &[types::F64, types::I64], types::F64)?;
                        // An infinity from a finite x: Python's "rounded value too large".
                        self.deopt_on_float_error(rounded, &[x]);
                        rounded
                    }
                    "round" => {
                        let x = self.coerce(scalar(&values, 0), &arg_types[0], &Type::INT64)?;
                        let digits = self.coerce(scalar(&values, 1), &arg_types[1], &Type::INT64)?;
                        let rounded = self.call_helper("pynum_round_int_ndigits", &[x, digits], &[types::I64, types::I64], types::I64)?;
                        let too_big = self.b.ins().icmp_imm_s(IntCC::Equal, rounded, i64::MIN);
                        self.deopt_if(too_big, "round() of an int left 64 bits");
                        rounded
                    }
                    "pow" => return Ok(vec![self.binary(BinOp::Pow, scalar(&values, 0), &arg_types[0], scalar(&values, 1), &arg_types[1], result)?]),
                    "divmod" => {
                        let Type::Tuple(items) = result else { return Err(LowerError::Backend("divmod returns a pair".into())) };
                        let (a, b) = (scalar(&values, 0), scalar(&values, 1));
                        let q = self.binary(BinOp::FloorDiv, a, &arg_types[0], b, &arg_types[1], &items[0])?;
                        let r = self.binary(BinOp::Mod, a, &arg_types[0], b, &arg_types[1], &items[1])?;
                        return Ok(vec![q, r]);
                    }
                    "range" => {
                        let ints: Vec<Value> = (0..values.len())
                            .map(|i| self.coerce(scalar(&values, i), &arg_types[i], &Type::INT64))
                            .collect::<Result<_, _>>()?;
                        let (start, stop, step) = match ints.as_slice() {
                            [stop] => (self.b.ins().iconst(types::I64, 0), *stop, self.b.ins().iconst(types::I64, 1)),
                            [start, stop] => (*start, *stop, self.b.ins().iconst(types::I64, 1)),
                            [start, stop, step] => (*start, *stop, *step),
                            _ => return Err(LowerError::Backend("range arity".into())),
                        };
                        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, step, 0);
                        self.fail_if(zero, Status::RangeStepZero);
                        return Ok(vec![start, stop, step]);
                    }
                    other => return Err(LowerError::Unsupported(format!("the builtin {other}"))),
                }])
            }
            Type::ModuleFunction(module, name) => {
                let op = pynum_jit::ops::lookup(module, name).ok_or_else(|| LowerError::Unsupported(format!("calling {callee}")))?;
                if matches!(op.lowering, Lowering::Float(FloatOp::Floor | FloatOp::Ceil | FloatOp::Trunc, _)) && arg_types[0].is_integer() {
                    // An int is its own floor, ceiling and truncation: no trip through float.
                    return Ok(vec![self.coerce(scalar(&values, 0), &arg_types[0], &Type::INT64)?]);
                }
                let floats: Vec<Value> = (0..values.len())
                    .map(|i| self.coerce(scalar(&values, i), &arg_types[i], &Type::FLOAT64))
                    .collect::<Result<_, _>>()?;
                let x = floats[0];
                let checked = |me: &mut Self, r: Value, check: ErrorCheck, inputs: &[Value]| {
                    if check == ErrorCheck::Math1 {
                        me.deopt_on_float_error(r, inputs);
                    }
                    r
                };
                Ok(vec![match op.lowering {
                    Lowering::Float(float_op, check) => {
                        let r = match float_op {
                            FloatOp::Sqrt => self.b.ins().sqrt(x),
                            FloatOp::Fabs => self.b.ins().fabs(x),
                            FloatOp::Floor => {
                                let f = self.b.ins().floor(x);
                                self.float_to_int(f)
                            }
                            FloatOp::Ceil => {
                                let f = self.b.ins().ceil(x);
                                self.float_to_int(f)
                            }
                            FloatOp::Trunc => self.float_to_int(x),
                            FloatOp::IsNan => self.b.ins().fcmp(FloatCC::Unordered, x, x),
                            FloatOp::IsInf | FloatOp::IsFinite => {
                                let magnitude = self.b.ins().fabs(x);
                                let inf = self.b.ins().f64const(f64::INFINITY);
                                let is_inf = self.b.ins().fcmp(FloatCC::Equal, magnitude, inf);
                                if float_op == FloatOp::IsInf {
                                    is_inf
                                } else {
                                    let is_nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                                    let bad = self.b.ins().bor(is_inf, is_nan);
                                    self.b.ins().bxor_imm_u(bad, 1)
                                }
                            }
                        };
                        checked(self, r, check, &[x])
                    }
                    Lowering::Log { .. } if floats.len() == 2 => {
                        // CPython's math_log: log(x) / log(base), each raising on its own, and a
                        // zero denominator (base 1) raising ZeroDivisionError.
                        let log = self.math_symbol("log")?;
                        let top = self.call_helper(log, &[x], &[types::F64], types::F64)?;
                        self.deopt_on_float_error(top, &[x]);
                        let bottom = self.call_helper(log, &[floats[1]], &[types::F64], types::F64)?;
                        self.deopt_on_float_error(bottom, &[floats[1]]);
                        let zero = self.b.ins().f64const(0.0);
                        let zero = self.b.ins().fcmp(FloatCC::Equal, bottom, zero);
                        self.deopt_if(zero, "math.log() with base 1");
                        self.b.ins().fdiv(top, bottom)
                    }
                    Lowering::Call { check, .. } | Lowering::Log { check, .. } => {
                        let helper = op.lowering.helper(self.python).expect("a call has a helper");
                        let params = vec![types::F64; floats.len()];
                        let r = self.call_helper(helper.symbol, &floats, &params, types::F64)?;
                        checked(self, r, check, &floats)
                    }
                    Lowering::Builtin => return Err(LowerError::Unsupported(format!("calling {callee}"))),
                }])
            }
            other => Err(LowerError::Unsupported(format!("calling {other}"))),
        }
    }

    /// `int(x)` of a float: nan and infinities raise, as in Python; under Python
    /// semantics a float beyond 2**63 becomes an unbounded int, so it deoptimizes.
    fn float_to_int(&mut self, x: Value) -> Value {
        let magnitude = self.b.ins().fabs(x);
        let limit = self.b.ins().f64const(if self.python { 9.223372036854775808e18 } else { f64::INFINITY });
        let out_of_range = self.b.ins().fcmp(FloatCC::UnorderedOrGreaterThanOrEqual, magnitude, limit);
        let status = self.speculation(Status::FloatToInt);
        self.fail_if_because(out_of_range, status, "a float beyond 2**63 made an int");
        self.b.ins().fcvt_to_sint_sat(types::I64, x)
    }

    fn call_user(&mut self, qualname: &str, args: Vec<Parts>, arg_types: &[Type], result: &Type) -> Result<Parts, LowerError> {
        let name = crate::mangle(qualname, arg_types);
        let id = self.ids.iter().find(|(n, _)| *n == name).map(|(_, id)| *id).ok_or_else(|| LowerError::Backend(format!("{name} was not declared")))?;
        let callee = self.module.declare_func_in_func(id, self.b.func);
        let result_parts = parts(result)?;
        let words = result_parts.len().max(1) as u32;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, words * 8, 3));
        let pointer = self.module.target_config().pointer_type();
        let out = self.b.ins().stack_addr(pointer, slot, 0);
        let mut call_args: Vec<Value> = args.into_iter().flatten().collect();
        call_args.push(out);
        let depth = self.depth();
        let remaining = self.b.ins().iadd_imm_s(depth, -1);
        call_args.push(remaining);
        let call = self.b.ins().call(callee, &call_args);
        let status = self.b.inst_results(call)[0];
        // A failure leaves as it came: the callee's word 0 (a static raise's index) too.
        let (fail, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(status, fail, &[], next, &[]);
        self.b.switch_to_block(fail);
        let word = self.b.ins().stack_load(pointer, types::I64, slot, 0);
        let our_out = self.out_ptr();
        self.b.ins().store(MemFlagsData::trusted(), word, our_out, 0);
        self.b.ins().return_(&[status]);
        self.b.switch_to_block(next);
        let mut values = Vec::new();
        for (i, part) in result_parts.into_iter().enumerate() {
            let word = self.b.ins().stack_load(pointer, types::I64, slot, (i * 8) as i32);
            values.push(from_word(&mut self.b, word, part));
        }
        Ok(values)
    }
}
