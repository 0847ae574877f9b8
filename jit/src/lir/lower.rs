//! Typed IR lowered to LIR: the one place where Python's semantics (automatic mode) and
//! Numba's (`@njit`) become machine operations and guards. Floor division, overflow into
//! big ints, negative indices, range counting, float domain errors, exact int/float
//! comparison and the recursion limit are all spelled out here, so that no backend
//! re-derives them.
//!
//! Assumes typed IR from [`crate::typeinfer`]: every variable has a type, and only the
//! operations the typing rules accept appear. What it cannot lower is
//! [`LowerError::Unsupported`]: the region stays interpreted.
//!
//! Every IR variable becomes one LIR variable per machine part (a tuple or a range
//! iterator has several). Facts about values (an int constant, an int known not to be
//! negative) are kept for LIR variables that have exactly one definition, and drive the
//! backend-neutral strength reductions: division by a positive constant, unsigned
//! division of non-negative values.

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{
    BinaryOp, Block, BlockData, Exit, FloatCC, Function, Inst, IntCC, MType, Module, Op, Terminator, UnaryOp, Var,
};
use crate::ir::{self, BinOp, BlockId, CmpOp, Const, Edge, Expr, InstKind};
use crate::ops::{ErrorCheck, FloatOp, Lowering};
use crate::typeinfer::{Identity, Target, Typed, TypingContext};
use crate::types::{DictViewKind, Type};
use pynum_runtime::abi::{bytearray_layout, dict_layout, list_layout};
use pynum_runtime::Status;

pub(crate) mod builtins;
pub(crate) mod operators;
pub use builtins::{BuiltinCall, BuiltinLowering};
pub use operators::{Operands, OperatorLowering};

/// Why native code deoptimized when a local it reads is unbound. In a lifted loop that
/// is the zero-iteration case (a name only its iterations bind, handed back): the loop as
/// written then runs, which is no failed speculation.
pub const UNBOUND_LOCAL_READ: &str = "a local read before any assignment";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LowerError {
    /// Typed IR that native code does not support (yet): the region stays interpreted.
    Unsupported(String),
    /// The typed IR contradicts itself (a missing block, a mismatched arity): a bug.
    Internal(String),
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LowerError::Unsupported(what) => write!(f, "native code cannot do {what}"),
            LowerError::Internal(what) => write!(f, "LIR lowering error: {what}"),
        }
    }
}

impl std::error::Error for LowerError {}

/// The machine parts a value of `ty` occupies, in order: also the words it takes in the
/// argument and out buffers.
pub fn parts(ty: &Type) -> Result<Vec<MType>, LowerError> {
    Ok(match ty {
        Type::Bool | Type::NoneType => vec![MType::I1],
        Type::Int { bits: 64, .. } => vec![MType::I64],
        Type::Float { bits: 64 } => vec![MType::F64],
        // Its id in the call's table of strings: equal strings, one id.
        Type::Str => vec![MType::I64],
        // Each item's parts in order: a tuple's items, a slice's bounds (`None`'s is a
        // placeholder flag), `zip`'s iterables (or their iterators).
        Type::Tuple(items) | Type::Slice(items) | Type::Zip(items) | Type::ZipIter(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(parts(item)?);
            }
            out
        }
        // The next value, how many are left, the step.
        Type::RangeState | Type::RangeIter => vec![MType::I64; 3],
        // The list's pointer and the next index.
        Type::ListIter(_) => vec![MType::Ptr, MType::I64],
        // The next count, then the iterable's (or its iterator's) parts.
        Type::Enumerate(inner) | Type::EnumerateIter(inner) => {
            let mut out = vec![MType::I64];
            out.extend(parts(inner)?);
            out
        }
        Type::IterPair(item) => {
            let mut out = parts(item)?;
            out.push(MType::I1);
            out
        }
        // A pointer to the dispatcher's copy of the items ([`list_layout`]); an item that
        // is a list or tuple is a pointer to its own copy.
        Type::List(item) if item.is_list_item() => vec![MType::Ptr],
        // The bytes' address and the length ([`bytearray_layout`]): the bytearray's
        // own bytes, locked for the call.
        Type::ByteArray => vec![MType::Ptr, MType::I64],
        // A pointer to the dispatcher's copy of the fields, one word each in the type's
        // order (a list field is its copy's address).
        Type::Object(object) if ty.is_native() && !object.fields.is_empty() => vec![MType::Ptr],
        // A pointer to the dispatcher's copy of the dict ([`dict_layout`]).
        Type::Dict(..) | Type::DictView(..) if ty.is_native() => vec![MType::Ptr],
        // The dict's copy, the next entry's index, the length when iteration began.
        Type::DictIter(..) if ty.is_native() => vec![MType::Ptr, MType::I64, MType::I64],
        // A method before its call is its receiver.
        Type::Method(receiver, _) => parts(receiver)?,
        // The data pointer, the shape, the strides in bytes (`abi::array_layout`).
        Type::Array { ndim, .. } if ty.is_native() => {
            let mut out = vec![MType::Ptr];
            out.extend(std::iter::repeat_n(MType::I64, 2 * *ndim as usize));
            out
        }
        Type::Builtin(_) | Type::Module(_) | Type::ModuleFunction(..) | Type::Function(_) | Type::NumberClass(_) => {
            Vec::new()
        }
        other => return Err(LowerError::Unsupported(format!("values of type {other}"))),
    })
}

/// What [`FunctionLowerer::for_each_item`] emits for one item, given its addresses.
type ItemBody<'a, 'c> = dyn FnMut(&mut FunctionLowerer<'a>, &[Var]) -> Result<(), LowerError> + 'c;

/// The native name of a specialization, unique per (function, argument types).
pub fn mangle(qualname: &str, args: &[Type]) -> String {
    let args: Vec<String> = args.iter().map(Type::to_string).collect();
    format!("{qualname}({})", args.join(", "))
}

/// The user functions `typed` calls, with their argument types.
pub fn direct_calls(typed: &Typed) -> Vec<(String, Vec<Type>)> {
    let mut calls = Vec::new();
    for block in &typed.function.blocks {
        for inst in &block.insts {
            let (InstKind::Assign { value: Expr::Call { func, args, .. }, .. }
            | InstKind::Discard(Expr::Call { func, args, .. })) = &inst.kind
            else {
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

/// Lowers `functions` (the root first, then every function it calls) into one module.
/// `python` selects automatic mode's semantics (leave for the interpreter wherever
/// Python's answer differs from the machine's), otherwise `@njit`'s.
pub fn lower_module(functions: &[Typed], python: bool) -> Result<Module, LowerError> {
    let mut module = Module::default();
    let names: Vec<String> = functions.iter().map(|t| mangle(&t.function.qualname, &t.args)).collect();
    if python && functions.iter().any(|f| f.args.iter().any(Type::contains_array) || f.return_type.contains_array()) {
        // Automatic mode keeps NumPy arrays in the interpreter (see `Type::Array`).
        return Err(LowerError::Unsupported("NumPy arrays in automatic mode".into()));
    }
    if functions
        .first()
        .is_some_and(|root| root.return_type.contains_array() && !matches!(root.return_type, Type::Array { .. }))
    {
        // The dispatcher boxes a returned array on its own, not inside a tuple.
        return Err(LowerError::Unsupported("returning a tuple holding a NumPy array".into()));
    }
    for (index, (typed, name)) in functions.iter().zip(&names).enumerate() {
        let mut lowerer = FunctionLowerer::new(typed, name.clone(), &names, &mut module, python)?;
        // Only the root's status reaches the dispatcher as it is: a callee's tier-up
        // state would pass through its callers as theirs.
        lowerer.may_tier_up = index == 0;
        let function = lowerer.lower()?;
        module.functions.push(function);
    }
    Ok(module)
}

/// For each iterator block parameter (a loop header's `for` iterator, on the stack across
/// the loop), the iterator it always holds: every edge passes either that one iterator or
/// the parameter itself (the back edge). A loop advances its iterator in place, so the
/// facts of how the iterator was made hold for the values it yields.
fn iterator_origins(typed: &Typed) -> HashMap<ir::Var, ir::Var> {
    let is_iterator = |var: &ir::Var| matches!(typed.types.get(var), Some(Type::RangeIter | Type::ListIter(_)));
    let params: HashSet<&ir::Var> = typed.function.blocks.iter().flat_map(|b| &b.params).collect();
    // Each iterator parameter with the arguments every edge passes it.
    let mut sources: HashMap<&ir::Var, Vec<&ir::Var>> = HashMap::default();
    for edge in typed.function.blocks.iter().flat_map(|b| b.terminator.edges()) {
        let Some(target) = typed.function.block(edge.block) else { continue };
        for (param, arg) in target.params.iter().zip(&edge.args) {
            if is_iterator(param) {
                sources.entry(param).or_default().push(arg);
            }
        }
    }
    // Optimistic, as constant propagation through phis: a parameter starts unknown (a
    // loop's header and body pass the iterator around a cycle), becomes the one
    // iterator its other sources agree on, or nothing when they disagree.
    #[derive(Clone, Copy, PartialEq)]
    enum Origin<'v> {
        Unknown,
        Is(&'v ir::Var),
        Conflicting,
    }
    let mut state: HashMap<&ir::Var, Origin> = sources.keys().map(|&p| (p, Origin::Unknown)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for (&param, args) in &sources {
            let mut found = Origin::Unknown;
            for &arg in args.iter().filter(|a| **a != param) {
                let source = match state.get(arg) {
                    Some(Origin::Unknown) => continue,
                    Some(&known) => known,
                    None if params.contains(arg) => Origin::Conflicting,
                    None => Origin::Is(arg),
                };
                found = match (found, source) {
                    (Origin::Unknown, s) => s,
                    (Origin::Is(a), Origin::Is(b)) if a == b => found,
                    _ => Origin::Conflicting,
                };
            }
            let current = state[param];
            let next = match (current, found) {
                (Origin::Unknown, f) => f,
                (Origin::Is(a), Origin::Is(b)) if a == b => current,
                (_, Origin::Unknown) => current,
                _ => Origin::Conflicting,
            };
            if next != current {
                state.insert(param, next);
                changed = true;
            }
        }
    }
    state
        .into_iter()
        .filter_map(|(param, origin)| match origin {
            Origin::Is(var) => Some((param.clone(), var.clone())),
            _ => None,
        })
        .collect()
}

/// What is known of a LIR variable's value (kept only for single-definition variables).
#[derive(Default)]
struct Facts {
    constants: HashMap<Var, i64>,
    nonnegative: HashSet<Var>,
    /// An int that is the length of a list (the list's variable). Native code never
    /// changes a list's length, and the list variable is one that is assigned at most
    /// once, so the fact holds wherever the int is read.
    length_of: HashMap<Var, Var>,
    /// An int known to be below the length of a list (the list's variable): a value of
    /// a range with a positive step whose stop is that length.
    below_length_of: HashMap<Var, Var>,
}

/// Lowers one typed function; the builtins' lowerings ([`builtins`]) extend it.
pub struct FunctionLowerer<'a> {
    typed: &'a Typed,
    /// `typed.types` hashed: every operand's type is looked up, and the typed IR's
    /// ordered map compares whole names.
    types: HashMap<&'a ir::Var, &'a Type>,
    names: &'a [String],
    module: &'a mut Module,
    python: bool,
    /// Whether its loops' safepoints may move the call up a tier (the root function).
    may_tier_up: bool,
    func: Function,
    current: Block,
    line: u32,
    locals: HashMap<ir::Var, Local>,
    /// The bound flag each temporary holding a comprehension's saved binding carries
    /// (`saved_local`): put back, it makes the local bound or unbound again.
    saved_flags: HashMap<ir::Var, Var>,
    blocks: HashMap<BlockId, Block>,
    /// IR variables with exactly one definition (one assignment, not a parameter).
    single_definition: HashSet<ir::Var>,
    facts: Facts,
    /// Range iterators whose values are all at least zero.
    nonnegative_ranges: HashSet<ir::Var>,
    /// Range iterators whose values are all below a list's length (the list's variable).
    bounded_ranges: HashMap<ir::Var, Var>,
    /// The list whose length bounds the range iterator just made, for its assignment.
    range_bound: Option<Var>,
    /// Lists and bytearrays assigned at most once (a parameter never reassigned, or one
    /// assignment): their variables hold one list for the whole call.
    stable_containers: HashSet<ir::Var>,
    /// The LIR variables of those.
    stable_lists: HashSet<Var>,
    /// Iterator block parameters (a loop header's) and the one iterator each always
    /// holds, for the facts of how that iterator was made.
    iterator_origins: HashMap<ir::Var, ir::Var>,
    /// Constants already materialized in the current block.
    constants_here: HashMap<(MType, u64), Var>,
    /// Each loop header's latch ([`FunctionLowerer::latch`]), once a back edge needs it.
    latches: HashMap<BlockId, Block>,
}

/// An IR value's LIR variables, one per machine part.
pub type Parts = Vec<Var>;

/// What an IR variable is in LIR.
struct Local {
    /// One LIR variable per machine part.
    parts: Parts,
    /// Whether its parts keep the facts of what is assigned to them: a value with one
    /// definition that is not an iterator (iterators are advanced in place).
    keeps_facts: bool,
    /// An "is bound" flag, for a local that some read may find unbound
    /// ([`crate::unbound`]).
    bound_flag: Option<Var>,
}

impl<'a> FunctionLowerer<'a> {
    fn new(
        typed: &'a Typed,
        name: String,
        names: &'a [String],
        module: &'a mut Module,
        python: bool,
    ) -> Result<Self, LowerError> {
        let mut assignments: HashMap<&ir::Var, usize> = HashMap::default();
        for inst in typed.function.blocks.iter().flat_map(|b| &b.insts) {
            if let InstKind::Assign { target, .. } = &inst.kind {
                *assignments.entry(target).or_default() += 1;
            }
        }
        // A block's parameters are defined once per edge into it: once, when one edge
        // comes in (a loop body after its header), and that edge's values carry facts.
        let mut incoming: HashMap<BlockId, usize> = HashMap::default();
        for edge in typed.function.blocks.iter().flat_map(|b| b.terminator.edges()) {
            *incoming.entry(edge.block).or_default() += 1;
        }
        for block in &typed.function.blocks {
            if incoming.get(&block.id) == Some(&1) && block.catch_params.is_empty() {
                for param in &block.params {
                    *assignments.entry(param).or_default() += 1;
                }
            }
        }
        let mut defined_elsewhere: HashSet<&ir::Var> = typed
            .function
            .blocks
            .iter()
            .filter(|b| incoming.get(&b.id) != Some(&1) || !b.catch_params.is_empty())
            .flat_map(|b| &b.params)
            .collect();
        let params: Vec<ir::Var> = typed.function.params.iter().map(|p| ir::Var(p.clone())).collect();
        defined_elsewhere.extend(params.iter());
        let iterator_origins = iterator_origins(typed);
        let block_params: HashSet<&ir::Var> = typed.function.blocks.iter().flat_map(|b| &b.params).collect();
        let is_container =
            |var: &ir::Var| matches!(typed.types.get(var), Some(Type::List(_) | Type::ByteArray | Type::Array { .. }));
        // An inner list read out of a list of lists or an object's field (or a copy of a
        // name for one) may be another list each time its one assignment runs: no facts
        // of its length.
        let read_out: HashSet<&ir::Var> = typed
            .function
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|inst| match &inst.kind {
                InstKind::Assign {
                    target,
                    value: Expr::GetItem { .. } | Expr::GetAttr { .. } | Expr::PairFirst(_) | Expr::Var(_),
                } => Some(target),
                _ => None,
            })
            .collect();
        let single_definition: HashSet<ir::Var> = assignments
            .iter()
            .filter(|(var, count)| **count == 1 && !defined_elsewhere.contains(*var))
            .map(|(var, _)| (*var).clone())
            .collect();
        // Block parameters are excluded even with one incoming edge: that edge may run
        // many times, each with another list.
        let stable_containers = params
            .iter()
            .filter(|p| !assignments.contains_key(p))
            .chain(single_definition.iter())
            .filter(|var| !block_params.contains(var) && !read_out.contains(var) && is_container(var))
            .cloned()
            .collect();
        let results = parts(&typed.return_type)?;
        Ok(FunctionLowerer {
            typed,
            types: typed.types.iter().collect(),
            names,
            module,
            python,
            may_tier_up: false,
            func: Function { name, params: Vec::new(), results, vars: Vec::new(), blocks: Vec::new() },
            current: Block(0),
            line: typed.function.first_line,
            locals: HashMap::default(),
            saved_flags: HashMap::default(),
            blocks: HashMap::default(),
            single_definition,
            facts: Facts::default(),
            nonnegative_ranges: HashSet::default(),
            bounded_ranges: HashMap::default(),
            range_bound: None,
            stable_containers,
            iterator_origins,
            stable_lists: HashSet::default(),
            constants_here: HashMap::default(),
            latches: HashMap::default(),
        })
    }

    // ---- building blocks ----

    fn new_var(&mut self, ty: MType) -> Var {
        self.func.vars.push(ty);
        Var(self.func.vars.len() as u32 - 1)
    }

    fn new_block(&mut self) -> Block {
        self.func.blocks.push(BlockData {
            insts: Vec::new(),
            terminator: Terminator::Return(Vec::new()),
            terminator_line: self.line,
        });
        Block(self.func.blocks.len() as u32 - 1)
    }

    fn switch_to(&mut self, block: Block) {
        self.current = block;
        self.constants_here.clear();
    }

    fn emit(&mut self, op: Op) {
        let line = self.line;
        self.func.blocks[self.current.0 as usize].insts.push(Inst { op, line });
    }

    fn terminate(&mut self, terminator: Terminator) {
        let data = &mut self.func.blocks[self.current.0 as usize];
        data.terminator = terminator;
        data.terminator_line = self.line;
    }

    fn iconst(&mut self, ty: MType, value: i64) -> Var {
        if let Some(&var) = self.constants_here.get(&(ty, value as u64)) {
            return var;
        }
        let dst = self.new_var(ty);
        self.emit(Op::Iconst { dst, value });
        self.facts.constants.insert(dst, value);
        if value >= 0 {
            self.facts.nonnegative.insert(dst);
        }
        self.constants_here.insert((ty, value as u64), dst);
        dst
    }

    fn fconst(&mut self, value: f64) -> Var {
        if let Some(&var) = self.constants_here.get(&(MType::F64, value.to_bits())) {
            return var;
        }
        let dst = self.new_var(MType::F64);
        self.emit(Op::Fconst { dst, value });
        self.constants_here.insert((MType::F64, value.to_bits()), dst);
        dst
    }

    fn unary(&mut self, op: UnaryOp, arg: Var, ty: MType) -> Var {
        let dst = self.new_var(ty);
        self.emit(Op::Unary { op, dst, arg });
        dst
    }

    fn binary(&mut self, op: BinaryOp, lhs: Var, rhs: Var) -> Var {
        let ty = self.func.ty(lhs);
        let dst = self.new_var(ty);
        self.emit(Op::Binary { op, dst, lhs, rhs });
        let nonnegative = match op {
            BinaryOp::Udiv | BinaryOp::Urem => true,
            BinaryOp::Band => self.nonnegative_constant(lhs) || self.nonnegative_constant(rhs),
            BinaryOp::Ushr => self.constant(rhs).is_some_and(|k| k & 63 != 0),
            _ => false,
        };
        if nonnegative {
            self.facts.nonnegative.insert(dst);
        }
        dst
    }

    fn binary_imm(&mut self, op: BinaryOp, lhs: Var, imm: i64) -> Var {
        let ty = self.func.ty(lhs);
        let rhs = self.iconst(ty, imm);
        self.binary(op, lhs, rhs)
    }

    fn icmp(&mut self, cc: IntCC, lhs: Var, rhs: Var) -> Var {
        let dst = self.new_var(MType::I1);
        self.emit(Op::Icmp { cc, dst, lhs, rhs });
        dst
    }

    fn icmp_imm(&mut self, cc: IntCC, lhs: Var, imm: i64) -> Var {
        let ty = self.func.ty(lhs);
        let rhs = self.iconst(ty, imm);
        self.icmp(cc, lhs, rhs)
    }

    fn fcmp(&mut self, cc: FloatCC, lhs: Var, rhs: Var) -> Var {
        let dst = self.new_var(MType::I1);
        self.emit(Op::Fcmp { cc, dst, lhs, rhs });
        dst
    }

    fn select(&mut self, cond: Var, if_true: Var, if_false: Var) -> Var {
        let dst = self.new_var(self.func.ty(if_true));
        self.emit(Op::Select { dst, cond, if_true, if_false });
        dst
    }

    fn load(&mut self, ty: MType, addr: Var, offset: i32) -> Var {
        let dst = self.new_var(ty);
        self.emit(Op::Load { dst, addr, offset });
        dst
    }

    fn call_helper(&mut self, symbol: &str, args: &[Var]) -> Result<Var, LowerError> {
        let helper = super::helper(symbol).ok_or_else(|| LowerError::Internal(format!("no helper {symbol}")))?;
        let dst = self.new_var(helper.result);
        self.emit(Op::CallHelper { dst, helper: symbol.to_owned(), args: args.to_vec() });
        Ok(dst)
    }

    fn constant(&self, var: Var) -> Option<i64> {
        self.facts.constants.get(&var).copied()
    }

    fn nonnegative_constant(&self, var: Var) -> bool {
        self.constant(var).is_some_and(|c| c >= 0)
    }

    fn known_nonnegative(&self, var: Var) -> bool {
        self.facts.nonnegative.contains(&var)
    }

    // ---- exits ----

    /// Leaves with `status` when `cond` holds.
    fn exit_if(&mut self, cond: Var, status: Status) {
        self.exit_if_because(cond, status, "");
    }

    /// [`Self::exit_if`]; a deoptimization also names its site (why, and the line).
    fn exit_if_because(&mut self, cond: Var, status: Status, why: &str) {
        let exit = self.exit(status, why);
        self.emit(Op::ExitIf { cond, exit });
    }

    fn exit(&mut self, status: Status, why: &str) -> Exit {
        if status == Status::Deopt {
            self.module.deopt_sites.push((why.to_owned(), self.line));
            Exit::Deopt(self.module.deopt_sites.len() as u32 - 1)
        } else {
            Exit::Status(status)
        }
    }

    /// Raises `exc(message)` when `cond` holds (`@njit`: automatic mode never lowers
    /// what raises this way).
    fn raise_if(&mut self, cond: Var, exc: &str, message: &str) {
        self.module.raises.push((exc.to_owned(), vec![Const::Str(message.to_owned())]));
        let index = self.module.raises.len() as u32 - 1;
        self.emit(Op::ExitIf { cond, exit: Exit::Raise(index) });
    }

    /// The status of a failure that `@njit` raises as `under_njit` and automatic mode
    /// hands to the interpreter (which raises what CPython raises).
    fn speculation(&self, under_njit: Status) -> Status {
        if self.python {
            Status::Deopt
        } else {
            under_njit
        }
    }

    /// Python semantics: leave for the interpreter when `cond` holds.
    fn deopt_if(&mut self, cond: Var, why: &str) {
        if self.python {
            self.exit_if_because(cond, Status::Deopt, why);
        }
    }

    // ---- variables ----

    fn ty(&self, var: &ir::Var) -> Result<&'a Type, LowerError> {
        self.types.get(var).copied().ok_or_else(|| LowerError::Unsupported(format!("untyped variable {var}")))
    }

    /// The LIR form of `var` (made at its first mention): its parts, whether they keep
    /// facts, its bound flag. One hash lookup when it exists: this runs for every operand.
    fn local(&mut self, var: &ir::Var) -> Result<(Parts, bool, Option<Var>), LowerError> {
        if let Some(local) = self.locals.get(var) {
            return Ok((local.parts.clone(), local.keeps_facts, local.bound_flag));
        }
        let ty = self.ty(var)?;
        let parts: Parts = parts(ty)?.into_iter().map(|p| self.new_var(p)).collect();
        let keeps_facts = !matches!(
            ty,
            Type::RangeIter | Type::ListIter(_) | Type::DictIter(..) | Type::EnumerateIter(_) | Type::ZipIter(_)
        ) && self.single_definition.contains(var);
        if self.stable_containers.contains(var) {
            self.stable_lists.extend(parts.iter().copied());
        }
        self.locals.insert(var.clone(), Local { parts: parts.clone(), keeps_facts, bound_flag: None });
        Ok((parts, keeps_facts, None))
    }

    fn variables(&mut self, var: &ir::Var) -> Result<Parts, LowerError> {
        Ok(self.local(var)?.0)
    }

    fn get(&mut self, var: &ir::Var) -> Result<Parts, LowerError> {
        let (parts, _, flag) = self.local(var)?;
        if let Some(flag) = flag {
            let unbound = self.unary(UnaryOp::Bnot, flag, MType::I1);
            let status = self.speculation(Status::UnboundLocal);
            self.exit_if_because(unbound, status, UNBOUND_LOCAL_READ);
        }
        Ok(parts)
    }

    fn set(&mut self, var: &ir::Var, values: &[Var]) -> Result<(), LowerError> {
        let (parts, keeps_facts, flag) = self.local(var)?;
        if parts.len() != values.len() {
            return Err(LowerError::Internal(format!("{var} has {} parts, given {}", parts.len(), values.len())));
        }
        for (&v, &value) in parts.iter().zip(values) {
            self.emit(Op::Copy { dst: v, src: value });
            if keeps_facts {
                if let Some(c) = self.constant(value) {
                    self.facts.constants.insert(v, c);
                }
                if self.known_nonnegative(value) {
                    self.facts.nonnegative.insert(v);
                }
                if let Some(&list) = self.facts.length_of.get(&value) {
                    self.facts.length_of.insert(v, list);
                }
                if let Some(&list) = self.facts.below_length_of.get(&value) {
                    self.facts.below_length_of.insert(v, list);
                }
            }
        }
        if let Some(flag) = flag {
            self.set_flag(flag, true);
        }
        Ok(())
    }

    fn set_flag(&mut self, flag: Var, bound: bool) {
        let value = self.iconst(MType::I1, i64::from(bound));
        self.emit(Op::Copy { dst: flag, src: value });
    }

    fn scalar(&mut self, var: &ir::Var) -> Result<Var, LowerError> {
        match self.get(var)?.as_slice() {
            [value] => Ok(*value),
            _ => Err(LowerError::Unsupported(format!("an operation on a {}", self.ty(var)?))),
        }
    }

    /// A dict key's word: a str's id as it is, an int (or a bool) as an `int64`, a
    /// tuple as the address of its interned items (`pynum_runtime::tuple_keys`): for a
    /// store (`inserting`) interned (zero when no memory was left for a new one), for a
    /// lookup only found (a tuple no key equals is a word no entry holds).
    fn dict_key(&mut self, var: &ir::Var, inserting: bool) -> Result<Var, LowerError> {
        match self.ty(var)? {
            Type::Str => self.scalar(var),
            Type::Tuple(items) => {
                let len = items.len();
                let Some(helper) = pynum_runtime::tuple_keys::helper_for(len, inserting) else {
                    return Err(LowerError::Unsupported(format!("a tuple of {len} items as a dict key")));
                };
                let values = self.get(var)?;
                let key = self.call_helper(helper, &values)?;
                if inserting {
                    self.exit_if_allocation_failed(key);
                }
                Ok(key)
            }
            _ => self.int(var),
        }
    }

    fn int(&mut self, var: &ir::Var) -> Result<Var, LowerError> {
        let t = self.ty(var)?;
        let v = self.scalar(var)?;
        self.coerce(v, t, &Type::INT64)
    }

    // ---- the function ----

    fn lower(mut self) -> Result<Function, LowerError> {
        let entry = self.new_block();
        for block in &self.typed.function.blocks {
            let b = self.new_block();
            self.blocks.insert(block.id, b);
        }
        self.switch_to(entry);
        let maybe_unbound: BTreeSet<ir::Var> = crate::unbound::maybe_unbound_reads(&self.typed.function);
        let typed: &'a Typed = self.typed;
        for temp in crate::unbound::saved_temps(&typed.function) {
            let flag = self.new_var(MType::I1);
            let bound = self.iconst(MType::I1, 1);
            self.emit(Op::Copy { dst: flag, src: bound });
            self.saved_flags.insert(temp.clone(), flag);
        }
        for var in maybe_unbound {
            let flag = self.new_var(MType::I1);
            let zero = self.iconst(MType::I1, 0);
            self.emit(Op::Copy { dst: flag, src: zero });
            self.local(&var)?;
            if let Some(local) = self.locals.get_mut(&var) {
                local.bound_flag = Some(flag);
            }
        }
        // Arguments come in as the signature's types; a parameter variable may have a
        // wider one (`@njit` promotes: a bool argument whose variable is later assigned an
        // int is an int64 variable).
        for (name, arg_ty) in self.typed.function.params.iter().zip(&self.typed.args) {
            let var = ir::Var(name.clone());
            let incoming: Vec<Var> = parts(arg_ty)?.into_iter().map(|p| self.new_var(p)).collect();
            self.func.params.extend(&incoming);
            let var_ty = self.ty(&var)?;
            let values = self.coerce_parts(incoming, arg_ty, var_ty)?;
            self.set(&var, &values)?;
        }
        // Python's recursion limit, in native code: no budget left, no call.
        let depth = self.new_var(MType::I64);
        self.emit(Op::Depth { dst: depth });
        let exhausted = self.icmp_imm(IntCC::Sle, depth, 0);
        self.exit_if(exhausted, Status::RecursionLimit);
        let first = self.blocks[&self.typed.function.blocks[0].id];
        self.terminate(Terminator::Jump(first));
        for block in &self.typed.function.blocks {
            self.switch_to(self.blocks[&block.id]);
            for inst in &block.insts {
                self.line = inst.line;
                self.statement(&inst.kind)?;
            }
            self.line = block.terminator_line;
            self.terminator(block.id, &block.terminator)?;
        }
        self.zero_unassigned_reads();
        Ok(self.func)
    }

    /// A local Python may read unbound (its guard leaves first), a loop variable handed
    /// back after zero iterations, a value passed along an edge where it was never
    /// made: LIR wants every read assigned on every path, so these start as zero at the
    /// entry. The values are never used.
    fn zero_unassigned_reads(&mut self) {
        let unassigned = super::verify::maybe_unassigned_reads(&self.func);
        if unassigned.is_clear() {
            return;
        }
        let line = self.func.blocks[0].insts.first().map_or(self.line, |i| i.line);
        let zeros: Vec<Inst> = unassigned
            .ones()
            .map(|v| {
                let dst = Var(v as u32);
                let op = match self.func.ty(dst) {
                    MType::F64 => Op::Fconst { dst, value: 0.0 },
                    _ => Op::Iconst { dst, value: 0 },
                };
                Inst { op, line }
            })
            .collect();
        self.func.blocks[0].insts.splice(0..0, zeros);
    }

    fn statement(&mut self, kind: &InstKind) -> Result<(), LowerError> {
        match kind {
            InstKind::SetItem { obj, index, value } if matches!(self.ty(obj)?, Type::Dict(..)) => {
                let dict = self.scalar(obj)?;
                let key = self.dict_key(index, true)?;
                let v = self.scalar(value)?;
                let at = self.call_helper("pynum_dict_slot", &[dict, key])?;
                let failed = self.icmp_imm(IntCC::Slt, at, 0);
                let status = self.speculation(Status::MemoryError);
                self.exit_if_because(failed, status, "an allocation failed");
                let slot = self.dict_entry(dict, dict_layout::VALUES_OFFSET, at);
                self.emit(Op::Store { value: v, addr: slot, offset: 0 });
                Ok(())
            }
            // A comprehension saves its variable's binding, bound or not.
            InstKind::Assign { target, value: Expr::SavedLocal(local) } => {
                let parts = self.variables(local)?;
                self.set(target, &parts)?;
                let bound = match self.local(local)?.2 {
                    Some(flag) => flag,
                    None => self.iconst(MType::I1, 1),
                };
                if let Some(&flag) = self.saved_flags.get(target) {
                    self.emit(Op::Copy { dst: flag, src: bound });
                }
                Ok(())
            }
            // The saved binding put back (or carried on): bound exactly when it was.
            InstKind::Assign { target, value: Expr::Var(source) } if self.saved_flags.contains_key(source) => {
                let values = self.get(source)?;
                let values = self.coerce_parts(values, self.ty(source)?, self.ty(target)?)?;
                self.set(target, &values)?;
                let saved = self.saved_flags[source];
                if let Some(flag) = self.local(target)?.2.or_else(|| self.saved_flags.get(target).copied()) {
                    self.emit(Op::Copy { dst: flag, src: saved });
                }
                Ok(())
            }
            InstKind::Assign { target, value } => {
                let target_ty = self.ty(target)?;
                let (values, natural) = self.expr(value, target_ty)?;
                let values = self.coerce_parts(values, &natural, target_ty)?;
                let range_bound = self.range_bound.take();
                if natural == Type::RangeIter && self.single_definition.contains(target) {
                    if self.known_nonnegative(values[0]) && self.constant(values[2]).is_some_and(|step| step > 0) {
                        self.nonnegative_ranges.insert(target.clone());
                    }
                    // Below the length is in range only from a start that is not negative:
                    // `range(-8, len(a))` yields indices that stay out of range after the
                    // negative-index wrap.
                    if let Some(list) = range_bound.filter(|_| self.nonnegative_ranges.contains(target)) {
                        self.bounded_ranges.insert(target.clone(), list);
                    }
                }
                self.set(target, &values)
            }
            InstKind::Discard(value) => self.expr(value, &Type::NoneType).map(drop),
            InstKind::Del(var) => {
                if let Some(flag) = self.local(var)?.2 {
                    self.set_flag(flag, false);
                }
                Ok(())
            }
            InstKind::SetItem { obj, index, value } if matches!(self.ty(obj)?, Type::Array { .. }) => {
                let Type::Array { item, ndim, .. } = self.ty(obj)?.clone() else { unreachable!("matched above") };
                let array = self.get(obj)?;
                let indices = self.array_indices(index)?;
                let (address, view) = self.array_item(&array, ndim as usize, &indices);
                if !view.is_empty() {
                    if matches!(self.ty(value)?, Type::Array { .. }) {
                        // `m[i] op= x`: the in-place operation already wrote the row; the
                        // store back of the same row changes nothing. Any other array
                        // source may overlap or broadcast: the interpreter copies it.
                        return if self.writes_back_in_place(obj, index, value) {
                            Ok(())
                        } else {
                            Err(LowerError::Unsupported("assigning an array to a row of an array".into()))
                        };
                    }
                    return self.store_into_view(address, &view, &item, value);
                }
                let value_ty = self.ty(value)?;
                let v = self.scalar(value)?;
                let v = match (value_ty, &*item) {
                    // Numba's cast: a float stored into an int array is truncated.
                    (Type::Float { .. }, Type::Int { .. }) => self.truncate_to_int(v),
                    _ => self.coerce(v, value_ty, &item)?,
                };
                self.emit(Op::Store { value: v, addr: address, offset: 0 });
                Ok(())
            }
            InstKind::SetItem { obj, index, value } => {
                let container = self.ty(obj)?;
                let i = self.int(index)?;
                let value_ty = self.ty(value)?;
                let v = self.scalar(value)?;
                match container {
                    Type::List(item) => {
                        let base = self.scalar(obj)?;
                        let slot = self.list_slot(base, i);
                        let v = self.coerce(v, value_ty, item)?;
                        self.emit(Op::Store { value: v, addr: slot, offset: list_layout::ITEMS_OFFSET });
                    }
                    Type::ByteArray => {
                        let bytes = self.get(obj)?;
                        let slot = self.bytearray_slot(&bytes, i);
                        let v = self.coerce(v, value_ty, &Type::INT64)?;
                        let outside = self.icmp_imm(IntCC::Ugt, v, 255);
                        let status = self.speculation(Status::ByteOutOfRange);
                        self.exit_if_because(outside, status, "a bytearray item outside 0..=255");
                        let byte = self.unary(UnaryOp::Ireduce, v, MType::I8);
                        self.emit(Op::Store { value: byte, addr: slot, offset: 0 });
                    }
                    other => return Err(LowerError::Unsupported(format!("storing into {other}"))),
                }
                Ok(())
            }
            InstKind::SetAttr { obj, attr, value } => {
                let Type::Object(object) = self.ty(obj)?.clone() else {
                    return Err(LowerError::Unsupported(format!("setting `.{attr}` of {}", self.ty(obj)?)));
                };
                let Some((at, field)) = object.field(attr) else {
                    return Err(LowerError::Internal(format!("typing let `.{attr} =` through, not a field")));
                };
                let base = self.scalar(obj)?;
                let value_ty = self.ty(value)?;
                let v = self.scalar(value)?;
                let v = if *field == Type::Bool {
                    let (one, zero) = (self.iconst(MType::I64, 1), self.iconst(MType::I64, 0));
                    self.select(v, one, zero)
                } else {
                    self.coerce(v, value_ty, field)?
                };
                self.emit(Op::Store { value: v, addr: base, offset: 8 * at as i32 });
                Ok(())
            }
            other => Err(LowerError::Unsupported(format!("statement {other:?}"))),
        }
    }

    fn terminator(&mut self, from: BlockId, term: &ir::Terminator) -> Result<(), LowerError> {
        match term {
            ir::Terminator::Jump(edge) => {
                self.pass(edge)?;
                let target = self.edge_target(from, edge.block)?;
                self.terminate(Terminator::Jump(target));
            }
            ir::Terminator::Branch { cond, then, otherwise } => {
                let cond_ty = self.ty(cond)?;
                let value = self.scalar(cond)?;
                let flag = self.truth(value, cond_ty)?;
                let (then_target, otherwise_target) =
                    (self.edge_target(from, then.block)?, self.edge_target(from, otherwise.block)?);
                if then.block == otherwise.block {
                    // One target, different arguments: each edge gets its own block.
                    let (t, o) = (self.new_block(), self.new_block());
                    self.terminate(Terminator::Brif { cond: flag, then: t, otherwise: o });
                    for (block, edge) in [(t, then), (o, otherwise)] {
                        self.switch_to(block);
                        self.pass(edge)?;
                        self.terminate(Terminator::Jump(then_target));
                    }
                } else {
                    self.pass(then)?;
                    self.pass(otherwise)?;
                    self.terminate(Terminator::Brif { cond: flag, then: then_target, otherwise: otherwise_target });
                }
            }
            ir::Terminator::Return(var) => {
                let ty = self.ty(var)?;
                let values = self.get(var)?;
                let values = self.coerce_parts(values, ty, &self.typed.return_type)?;
                self.terminate(Terminator::Return(values));
            }
            ir::Terminator::StaticRaise { exc, args } => {
                self.module.raises.push((exc.clone(), args.clone()));
                let index = self.module.raises.len() as u32 - 1;
                self.terminate(Terminator::Exit(Exit::Raise(index)));
            }
            other => return Err(LowerError::Unsupported(format!("terminator {other:?}"))),
        }
        Ok(())
    }

    fn block(&self, id: BlockId) -> Result<Block, LowerError> {
        self.blocks.get(&id).copied().ok_or_else(|| LowerError::Internal(format!("no {id}")))
    }

    /// Where an edge from `from` to `to` jumps: `to`'s block, or for a back edge under
    /// Python semantics (a retreating edge: every cycle has one) the loop's latch.
    fn edge_target(&mut self, from: BlockId, to: BlockId) -> Result<Block, LowerError> {
        match self.python && to <= from {
            true => self.latch(to),
            false => self.block(to),
        }
    }

    /// The block every back edge to `header` goes through once its arguments are passed:
    /// the loop's safepoint ([`FunctionLowerer::poll_interrupt`]), then the header. One
    /// latch, not a safepoint on each back edge: a loop whose body ends in an `if`
    /// without `else` had two, each path polling and jumping back on its own, and LLVM
    /// could not turn the `if` into a select (lcg_pi's `if x * x + y * y <= 1.0:
    /// inside += 1` stayed a branch that a random point mispredicts).
    fn latch(&mut self, header: BlockId) -> Result<Block, LowerError> {
        if let Some(&latch) = self.latches.get(&header) {
            return Ok(latch);
        }
        let target = self.block(header)?;
        let (current, constants) = (self.current, std::mem::take(&mut self.constants_here));
        let latch = self.new_block();
        self.switch_to(latch);
        self.poll_interrupt();
        self.terminate(Terminator::Jump(target));
        self.current = current;
        self.constants_here = constants;
        self.latches.insert(header, latch);
        Ok(latch)
    }

    /// Block arguments: all read (into fresh copies) first, then the target's parameters
    /// written, so a permutation of parameters stays correct.
    fn pass(&mut self, edge: &Edge) -> Result<(), LowerError> {
        let typed: &'a Typed = self.typed;
        let target =
            typed.function.block(edge.block).ok_or_else(|| LowerError::Internal(format!("no {}", edge.block)))?;
        let params = &target.params;
        let mut values = Vec::with_capacity(params.len());
        for (arg, param) in edge.args.iter().zip(params) {
            let (from, to) = (self.ty(arg)?, self.ty(param)?);
            let parts = self.get(arg)?;
            let mut parts = self.coerce_parts(parts, from, to)?;
            if params.contains(arg) {
                // A parameter that is also an argument: copy it before it is overwritten.
                for part in &mut parts {
                    let copy = self.new_var(self.func.ty(*part));
                    self.emit(Op::Copy { dst: copy, src: *part });
                    *part = copy;
                }
            }
            values.push(parts);
        }
        // Saved bindings' flags travel with them (copied first, as the values are).
        let pairs: Vec<(Var, Var)> = edge
            .args
            .iter()
            .zip(params)
            .filter_map(|(arg, param)| Some((*self.saved_flags.get(arg)?, *self.saved_flags.get(param)?)))
            .collect();
        let mut flags = Vec::with_capacity(pairs.len());
        for (from, to) in pairs {
            let copy = self.new_var(MType::I1);
            self.emit(Op::Copy { dst: copy, src: from });
            flags.push((copy, to));
        }
        for (param, value) in params.iter().zip(values) {
            self.set(param, &value)?;
        }
        for (from, to) in flags {
            self.emit(Op::Copy { dst: to, src: from });
        }
        Ok(())
    }

    /// A safepoint at a back edge under Python semantics: when the runtime's poll flags
    /// are set, the helper `pynum_safepoint` says what to do. A `SIGINT` that arrived
    /// since the loop began sends the call back to the interpreter, which raises
    /// `KeyboardInterrupt` (native code has no effects to undo). When the call's code at
    /// the next tier is ready, the root function leaves with its variables, and that
    /// code resumes at the block after the safepoint (on-stack replacement). `@njit`
    /// code, as in Numba, is not interrupted.
    fn poll_interrupt(&mut self) {
        if !self.python {
            return;
        }
        let pending = self.new_var(MType::I1);
        self.emit(Op::PollPending { dst: pending });
        // The resume block first: laid out in block order, the loop falls through into it.
        let resume = self.new_block();
        let poll = self.new_block();
        self.terminate(Terminator::Brif { cond: pending, then: poll, otherwise: resume });
        self.switch_to(poll);
        let depth = self.new_var(MType::I64);
        self.emit(Op::Depth { dst: depth });
        let answer = self.new_var(MType::I64);
        self.emit(Op::CallHelper { dst: answer, helper: "pynum_safepoint".into(), args: vec![depth] });
        let interrupt = self.iconst(MType::I64, pynum_runtime::SAFEPOINT_INTERRUPT);
        let interrupted = self.icmp(IntCC::Eq, answer, interrupt);
        self.exit_if_because(interrupted, Status::Deopt, "a signal arrived (Ctrl-C)");
        if self.may_tier_up {
            let tier_up = self.iconst(MType::I64, pynum_runtime::SAFEPOINT_TIER_UP);
            let moves = self.icmp(IntCC::Eq, answer, tier_up);
            self.emit(Op::ExitIf { cond: moves, exit: Exit::TierUp(resume) });
        }
        self.terminate(Terminator::Jump(resume));
        self.switch_to(resume);
    }

    // ---- values ----

    fn coerce(&mut self, value: Var, from: &Type, to: &Type) -> Result<Var, LowerError> {
        Ok(match (from, to) {
            (a, b) if a == b => value,
            (Type::Bool, Type::Int { .. }) => {
                let wide = self.unary(UnaryOp::Uextend, value, MType::I64);
                self.facts.nonnegative.insert(wide);
                wide
            }
            (Type::Bool, Type::Float { .. }) => {
                let wide = self.unary(UnaryOp::Uextend, value, MType::I64);
                self.unary(UnaryOp::FcvtFromSint, wide, MType::F64)
            }
            (Type::Int { .. }, Type::Float { .. }) => self.unary(UnaryOp::FcvtFromSint, value, MType::F64),
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

    fn truth(&mut self, value: Var, ty: &Type) -> Result<Var, LowerError> {
        Ok(match ty {
            Type::Bool => value,
            Type::Int { .. } => self.icmp_imm(IntCC::Ne, value, 0),
            Type::Float { .. } => {
                let zero = self.fconst(0.0);
                self.fcmp(FloatCC::Ne, value, zero)
            }
            Type::NoneType => self.iconst(MType::I1, 0),
            Type::List(_) => {
                let len = self.load(MType::I64, value, list_layout::LEN_OFFSET);
                self.icmp_imm(IntCC::Ne, len, 0)
            }
            other => return Err(LowerError::Unsupported(format!("the truth of {other}"))),
        })
    }

    fn not(&mut self, flag: Var) -> Var {
        self.unary(UnaryOp::Bnot, flag, MType::I1)
    }

    fn or(&mut self, a: Var, b: Var) -> Var {
        self.binary(BinaryOp::Bor, a, b)
    }

    fn and(&mut self, a: Var, b: Var) -> Var {
        self.binary(BinaryOp::Band, a, b)
    }

    /// Python semantics: an int beyond 2**53 does not convert to float exactly.
    fn deopt_unless_exact_float(&mut self, value: Var, ty: &Type) {
        if self.python && matches!(ty, Type::Int { .. }) {
            let magnitude = self.unary(UnaryOp::Iabs, value, MType::I64);
            let big = self.icmp_imm(IntCC::Ugt, magnitude, 1i64 << 53);
            self.exit_if_because(big, Status::Deopt, "an int beyond 2**53 made a float");
        }
    }

    /// Python semantics: a float function that turned finite inputs into a non-finite
    /// result, or non-NaN inputs into NaN, raised in Python (domain or range error).
    fn deopt_on_float_error(&mut self, result: Var, inputs: &[Var]) {
        if !self.python {
            return;
        }
        // CPython's math_1/math_2 rule: a NaN result is a domain error unless an input was
        // NaN; an infinite result is a range (or domain) error unless an input was infinite
        // too. sin(inf) is NaN from an infinite input: an error, as in CPython.
        let inf = self.fconst(f64::INFINITY);
        let magnitude = self.unary(UnaryOp::Fabs, result, MType::F64);
        let mut nan_bad = self.fcmp(FloatCC::Uno, result, result);
        let mut inf_bad = self.fcmp(FloatCC::Eq, magnitude, inf);
        for &input in inputs {
            let not_nan = self.fcmp(FloatCC::Ord, input, input);
            nan_bad = self.and(nan_bad, not_nan);
            let input_magnitude = self.unary(UnaryOp::Fabs, input, MType::F64);
            let finite = self.fcmp(FloatCC::Lt, input_magnitude, inf);
            inf_bad = self.and(inf_bad, finite);
        }
        let bad = self.or(nan_bad, inf_bad);
        self.exit_if_because(bad, Status::Deopt, "a float function Python would raise in");
    }

    /// A runtime allocation returned null: `MemoryError` under `@njit`; automatic mode
    /// hands the call to the interpreter, which raises what CPython raises for that size.
    fn exit_if_allocation_failed(&mut self, pointer: Var) {
        let failed = self.icmp_imm(IntCC::Eq, pointer, 0);
        let status = self.speculation(Status::MemoryError);
        self.exit_if_because(failed, status, "an allocation failed");
    }

    /// The runtime symbol of `math.<name>` (the ops registry's): CPython's implementation
    /// (errors come back as NaN, which deoptimizes) under Python's semantics, the C
    /// library's under `@njit`.
    fn math_symbol(&self, name: &str) -> Result<&'static str, LowerError> {
        crate::ops::lookup("math", name)
            .and_then(|op| op.lowering.helper(self.python))
            .map(|helper| helper.symbol)
            .ok_or_else(|| LowerError::Internal(format!("math.{name} has no helper")))
    }

    fn constant_parts(&mut self, c: &Const) -> Result<Parts, LowerError> {
        Ok(match c {
            Const::Int(i) => vec![self.iconst(MType::I64, *i)],
            Const::Float(x) => vec![self.fconst(*x)],
            Const::Bool(v) => vec![self.iconst(MType::I1, i64::from(*v))],
            Const::None => vec![self.iconst(MType::I1, 0)],
            // Its id in the call's table of strings, whose first entries are the module's
            // constants ([`Module::strings`]).
            Const::Str(text) => {
                let strings = &mut self.module.strings;
                let id = strings.iter().position(|s| s == text).unwrap_or_else(|| {
                    strings.push(text.clone());
                    strings.len() - 1
                });
                vec![self.iconst(MType::I64, id as i64)]
            }
            Const::Tuple(items) | Const::Slice(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(self.constant_parts(item)?);
                }
                out
            }
            other => return Err(LowerError::Unsupported(format!("the constant {other}"))),
        })
    }

    /// Lowers an expression; returns its parts and the type they have.
    fn expr(&mut self, e: &Expr, target: &Type) -> Result<(Parts, Type), LowerError> {
        let single = |v: Var, t: Type| Ok((vec![v], t));
        match e {
            Expr::Var(v) => Ok((self.get(v)?, self.ty(v)?.clone())),
            Expr::Const(c) => Ok((self.constant_parts(c)?, target.clone())),
            Expr::Global(_) | Expr::GetAttr { .. } if parts(target)?.is_empty() => Ok((Vec::new(), target.clone())),
            Expr::GetAttr { obj, .. } if matches!(target, Type::Method(..)) => Ok((self.get(obj)?, target.clone())),
            Expr::Call { func, args, .. } if matches!(self.ty(func)?, Type::Method(..)) => {
                let Type::Method(receiver, name) = self.ty(func)? else { unreachable!("matched above") };
                let dict = self.scalar(func)?;
                match (&**receiver, name.as_str(), args.as_slice()) {
                    (Type::Dict(_, value), "get", [key, default]) => {
                        let key = self.dict_key(key, false)?;
                        let default = self.scalar(default)?;
                        let at = self.call_helper("pynum_dict_find", &[dict, key])?;
                        let found = self.icmp_imm(IntCC::Sge, at, 0);
                        let slot = self.dict_entry(dict, dict_layout::VALUES_OFFSET, at);
                        let loaded = self.load_item_if(found, value, slot, 0)?;
                        single(self.select(found, loaded[0], default), (**value).clone())
                    }
                    (Type::Dict(..), view, []) if DictViewKind::from_method(view).is_some() => {
                        single(dict, target.clone())
                    }
                    _ => Err(LowerError::Unsupported(format!("calling {receiver}.{name}()"))),
                }
            }
            Expr::GetAttr { obj, attr } if matches!(self.ty(obj)?, Type::Array { .. }) => {
                let Type::Array { ndim, .. } = *self.ty(obj)? else { unreachable!("matched above") };
                let array = self.get(obj)?;
                let ndim = ndim as usize;
                let (shape, strides) = (array[1..=ndim].to_vec(), array[1 + ndim..].to_vec());
                match attr.as_str() {
                    "shape" => {
                        self.note_array_lengths(&shape);
                        Ok((shape, target.clone()))
                    }
                    "strides" => Ok((strides, target.clone())),
                    "ndim" => single(self.iconst(MType::I64, ndim as i64), Type::INT64),
                    "itemsize" => single(self.iconst(MType::I64, 8), Type::INT64),
                    "size" => {
                        let mut size = shape[0];
                        for &n in &shape[1..] {
                            size = self.binary(BinaryOp::Imul, size, n);
                        }
                        self.facts.nonnegative.insert(size);
                        single(size, Type::INT64)
                    }
                    other => Err(LowerError::Internal(format!("typing let `.{other}` of an array through"))),
                }
            }
            Expr::GetAttr { obj, attr } if matches!(self.ty(obj)?, Type::Object(_)) => {
                let Type::Object(object) = self.ty(obj)?.clone() else { unreachable!("matched above") };
                let Some((at, field)) = object.field(attr) else {
                    return Err(LowerError::Internal(format!("typing let `.{attr}` through, not a field")));
                };
                let base = self.scalar(obj)?;
                if *field == Type::Bool {
                    // A bool field is a word holding 0 or 1.
                    let word = self.load(MType::I64, base, 8 * at as i32);
                    return Ok((vec![self.icmp_imm(IntCC::Ne, word, 0)], Type::Bool));
                }
                Ok((self.load_item(field, base, 8 * at as i32)?, field.clone()))
            }
            Expr::GetAttr { attr, .. } => {
                let value = match crate::ops::constant(attr) {
                    Some(constant) => constant.value,
                    None => return Err(LowerError::Unsupported(format!("attribute {attr}"))),
                };
                single(self.fconst(value), Type::FLOAT64)
            }
            Expr::Binary { op: BinOp::Mul, lhs, rhs } | Expr::Inplace { op: BinOp::Mul, lhs, rhs }
                if matches!(target, Type::List(_)) =>
            {
                let (list, times) = if matches!(self.ty(lhs)?, Type::List(_)) { (lhs, rhs) } else { (rhs, lhs) };
                let list_value = self.scalar(list)?;
                let times = self.int(times)?;
                let repeated = self.call_helper("pynum_list_repeat", &[list_value, times])?;
                self.exit_if_allocation_failed(repeated);
                single(repeated, target.clone())
            }
            Expr::Inplace { op, lhs, rhs } if matches!(self.ty(lhs)?, Type::Array { .. }) => {
                let Type::Array { item, ndim, .. } = self.ty(lhs)?.clone() else { unreachable!("matched above") };
                let array = self.get(lhs)?;
                let scalar_ty = self.ty(rhs)?;
                let scalar = self.scalar(rhs)?;
                let scalar = self.coerce(scalar, scalar_ty, &item)?;
                // NumPy's arithmetic on items: IEEE floats (a zero divisor gives inf or
                // nan, no exception), wrapping ints.
                let machine_op = match (&*item, op) {
                    (&Type::FLOAT64, BinOp::Add) => BinaryOp::Fadd,
                    (&Type::FLOAT64, BinOp::Sub) => BinaryOp::Fsub,
                    (&Type::FLOAT64, BinOp::Mul) => BinaryOp::Fmul,
                    (&Type::FLOAT64, BinOp::TrueDiv) => BinaryOp::Fdiv,
                    (_, BinOp::Add) => BinaryOp::Iadd,
                    (_, BinOp::Sub) => BinaryOp::Isub,
                    (_, BinOp::Mul) => BinaryOp::Imul,
                    _ => return Err(LowerError::Internal(format!("typing let {item} {}= through", op.symbol()))),
                };
                let mtype = parts(&item)?[0];
                let n = ndim as usize;
                self.for_each_item(&array[1..=n], &[(array[0], &array[1 + n..])], &mut |l, addresses| {
                    let value = l.load(mtype, addresses[0], 0);
                    let changed = l.binary(machine_op, value, scalar);
                    l.emit(Op::Store { value: changed, addr: addresses[0], offset: 0 });
                    Ok(())
                })?;
                Ok((array, target.clone()))
            }
            Expr::Binary { op, lhs, rhs } | Expr::Inplace { op, lhs, rhs } => {
                let (a, b) = (self.scalar(lhs)?, self.scalar(rhs)?);
                let (ta, tb) = (self.ty(lhs)?, self.ty(rhs)?);
                let value = self.binary_op(*op, a, ta, b, tb, target)?;
                single(value, target.clone())
            }
            Expr::Compare { op, lhs, rhs } => {
                let (ta, tb) = (self.ty(lhs)?, self.ty(rhs)?);
                let value = self.compare(*op, lhs, ta, rhs, tb)?;
                single(value, Type::Bool)
            }
            Expr::Unary { op, operand } => {
                let t = self.ty(operand)?;
                let v = self.scalar(operand)?;
                let value = match op {
                    ir::UnaryOp::Not => {
                        let truth = self.truth(v, t)?;
                        self.not(truth)
                    }
                    ir::UnaryOp::Pos => self.coerce(v, t, target)?,
                    ir::UnaryOp::Neg if matches!(target, Type::Float { .. }) => {
                        self.unary(UnaryOp::Fneg, v, MType::F64)
                    }
                    ir::UnaryOp::Neg => {
                        let v = self.coerce(v, t, target)?;
                        let is_min = self.icmp_imm(IntCC::Eq, v, i64::MIN);
                        self.deopt_if(is_min, "abs(-2**63) leaves 64 bits");
                        self.unary(UnaryOp::Ineg, v, MType::I64)
                    }
                    ir::UnaryOp::Invert => {
                        let v = self.coerce(v, t, target)?;
                        self.unary(UnaryOp::Bnot, v, MType::I64)
                    }
                };
                single(value, target.clone())
            }
            Expr::Truth(v) => {
                let t = self.ty(v)?;
                let value = self.scalar(v)?;
                single(self.truth(value, t)?, Type::Bool)
            }
            Expr::Call { func, args, kwargs } => {
                let callee = self.ty(func)?;
                // Keywords typing took as positionals (`np.zeros(n, dtype=...)`) follow them.
                let args: Vec<ir::Var> = args.iter().cloned().chain(kwargs.iter().map(|(_, v)| v.clone())).collect();
                self.call(callee, &args, target).map(|parts| (parts, target.clone()))
            }
            Expr::RangeIter { start, stop, step } => {
                let (start, stop, step) = (self.int(start)?, self.int(stop)?, self.int(step)?);
                let zero = self.icmp_imm(IntCC::Eq, step, 0);
                self.exit_if(zero, Status::RangeStepZero);
                Ok((self.range_iterator(start, stop, step), Type::RangeIter))
            }
            Expr::GetIter(v) => {
                let iterable = self.ty(v)?;
                let values = self.get(v)?;
                Ok((self.iterator_parts(iterable, &values)?, target.clone()))
            }
            Expr::IterNext(it) => {
                let iterator = self.ty(it)?;
                let vars = self.variables(it)?;
                let origin = self.iterator_origins.get(it).unwrap_or(it).clone();
                let (mut values, valid) = self.next_item(iterator, &vars, Some(&origin))?;
                values.push(valid);
                Ok((values, target.clone()))
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
                    item_types.push(self.ty(item)?.clone());
                }
                Ok((values, Type::Tuple(item_types)))
            }
            Expr::StaticGetItem { obj, index } => {
                let Type::Tuple(items) = self.ty(obj)? else {
                    return Err(LowerError::Unsupported("indexing a non-tuple".into()));
                };
                let values = self.get(obj)?;
                let start: usize =
                    items[..*index].iter().map(|t| parts(t).map(|p| p.len())).sum::<Result<usize, _>>()?;
                let n = parts(&items[*index])?.len();
                Ok((values[start..start + n].to_vec(), items[*index].clone()))
            }
            Expr::ExhaustIter { value, .. } => Ok((self.get(value)?, self.ty(value)?.clone())),
            Expr::BuildSlice(bounds) => {
                let mut values = Vec::new();
                for bound in bounds {
                    values.extend(self.get(bound)?);
                }
                if bounds.len() == 2 {
                    values.push(self.iconst(MType::I1, 0));
                }
                Ok((values, target.clone()))
            }
            Expr::GetSlice { obj, start, stop } => {
                let Type::List(item) = self.ty(obj)? else {
                    return Err(LowerError::Unsupported(format!("slicing a {}", self.ty(obj)?)));
                };
                let list = self.scalar(obj)?;
                let none = Type::NoneType;
                let bounds =
                    [(self.get(start)?, self.ty(start)?), (self.get(stop)?, self.ty(stop)?), (Vec::new(), &none)];
                single(self.slice_list(list, item, &bounds)?, target.clone())
            }
            Expr::GetItem { obj, index } if matches!(self.ty(index)?, Type::Slice(_)) => {
                let (Type::List(item), Type::Slice(types)) = (self.ty(obj)?, self.ty(index)?) else {
                    return Err(LowerError::Unsupported(format!("slicing a {}", self.ty(obj)?)));
                };
                let list = self.scalar(obj)?;
                let values = self.get(index)?;
                let mut bounds = Vec::new();
                let mut at = 0;
                for ty in types {
                    let n = parts(ty)?.len();
                    bounds.push((values[at..at + n].to_vec(), ty));
                    at += n;
                }
                single(self.slice_list(list, item, &bounds)?, target.clone())
            }
            Expr::UnpackEx { value, before, after } => {
                let (Type::Tuple(items), Type::Tuple(unpacked)) = (self.ty(value)?, target) else {
                    return Err(LowerError::Unsupported(format!("a starred unpacking into a {target}")));
                };
                let Type::List(list_item) = &unpacked[*before] else {
                    return Err(LowerError::Internal(format!("a starred target typed {}", unpacked[*before])));
                };
                let values = self.get(value)?;
                // Where each item's parts start.
                let mut starts = vec![0];
                for item in items {
                    starts.push(starts.last().copied().unwrap_or(0) + parts(item)?.len());
                }
                let middle = *before..items.len() - after;
                let len = self.iconst(MType::I64, middle.len() as i64);
                let list = self.call_helper("pynum_list_new", &[len])?;
                self.exit_if_allocation_failed(list);
                for (slot, k) in middle.clone().enumerate() {
                    let value = self.coerce(values[starts[k]], &items[k], list_item)?;
                    self.emit(Op::Store { value, addr: list, offset: list_layout::ITEMS_OFFSET + 8 * slot as i32 });
                }
                let mut result = values[..starts[middle.start]].to_vec();
                result.push(list);
                result.extend_from_slice(&values[starts[middle.end]..]);
                Ok((result, target.clone()))
            }
            // A comprehension's list, which its `list_append`s grow.
            Expr::BuildList(items) if items.is_empty() && matches!(target, Type::List(_)) => {
                let room = self.iconst(MType::I64, 8);
                let list = self.call_helper("pynum_list_growable", &[room])?;
                self.exit_if_allocation_failed(list);
                single(list, target.clone())
            }
            Expr::ListAppend { list, value } => {
                self.list_append(list, value)?;
                Ok((Vec::new(), Type::NoneType))
            }
            Expr::ListExtend { list, value } if !list.is_temp() => {
                self.list_extend(list, value)?;
                Ok((Vec::new(), Type::NoneType))
            }
            Expr::ListInsert { list, index, value } => {
                self.list_insert(list, index, value)?;
                Ok((Vec::new(), Type::NoneType))
            }
            Expr::ListPop { list } => {
                let Type::List(item) = self.ty(list)? else {
                    return Err(LowerError::Internal(format!("popping from a {}", self.ty(list)?)));
                };
                Ok((self.list_pop(list, item)?, (**item).clone()))
            }
            Expr::BuildList(items) => {
                let Type::List(item) = target.clone() else {
                    return Err(LowerError::Unsupported(format!("a list typed {target}")));
                };
                let len = self.iconst(MType::I64, items.len() as i64);
                let list = self.call_helper("pynum_list_new", &[len])?;
                self.exit_if_allocation_failed(list);
                for (i, var) in items.iter().enumerate() {
                    let var_ty = self.ty(var)?;
                    let value = self.scalar(var)?;
                    let value = self.coerce(value, var_ty, &item)?;
                    self.emit(Op::Store { value, addr: list, offset: list_layout::ITEMS_OFFSET + 8 * i as i32 });
                }
                single(list, target.clone())
            }
            Expr::GetItem { obj, index } if matches!(self.ty(obj)?, Type::Dict(..)) => {
                let Type::Dict(_, value) = self.ty(obj)? else { unreachable!("matched above") };
                let dict = self.scalar(obj)?;
                let key = self.dict_key(index, false)?;
                let at = self.call_helper("pynum_dict_find", &[dict, key])?;
                let missing = self.icmp_imm(IntCC::Slt, at, 0);
                // The interpreter raises the `KeyError`, with the key as CPython shows it.
                self.deopt_if(missing, "a key not in the dict");
                let slot = self.dict_entry(dict, dict_layout::VALUES_OFFSET, at);
                Ok((self.load_item(value, slot, 0)?, (**value).clone()))
            }
            Expr::GetItem { obj, index } if matches!(self.ty(obj)?, Type::Array { .. }) => {
                let Type::Array { item, ndim, readonly } = self.ty(obj)?.clone() else { unreachable!("matched above") };
                let array = self.get(obj)?;
                let indices = self.array_indices(index)?;
                let (address, view) = self.array_item(&array, ndim as usize, &indices);
                if view.is_empty() {
                    let value = self.load(parts(&item)?[0], address, 0);
                    return single(value, *item);
                }
                // Fewer indices than axes: a view of the remaining axes, same memory.
                let mut values = vec![address];
                values.extend(view);
                Ok((values, Type::Array { item, ndim: ndim - indices.len() as u8, readonly }))
            }
            Expr::GetItem { obj, index } => {
                let container = self.ty(obj)?;
                let i = self.int(index)?;
                if let Type::Tuple(items) = container {
                    let values = self.get(obj)?;
                    return self.tuple_item(items, values, i);
                }
                match container {
                    Type::List(item) => {
                        let base = self.scalar(obj)?;
                        let slot = self.list_slot(base, i);
                        Ok((self.load_item(item, slot, list_layout::ITEMS_OFFSET)?, (**item).clone()))
                    }
                    Type::ByteArray => {
                        let bytes = self.get(obj)?;
                        let slot = self.bytearray_slot(&bytes, i);
                        let byte = self.load(MType::I8, slot, 0);
                        let value = self.unary(UnaryOp::Uextend, byte, MType::I64);
                        self.facts.nonnegative.insert(value);
                        single(value, Type::INT64)
                    }
                    other => Err(LowerError::Unsupported(format!("indexing {other}"))),
                }
            }
            other => Err(LowerError::Unsupported(format!("the expression {other:?}"))),
        }
    }

    /// The parts of `iter(x)` for an iterable typed `iterable` whose parts are `values`:
    /// a range's counting state, a list and its next index, a dict's copy, its next entry
    /// and its length now; `enumerate`'s count before its iterable's iterator, `zip`'s
    /// iterators one after another.
    fn iterator_parts(&mut self, iterable: &Type, values: &[Var]) -> Result<Parts, LowerError> {
        Ok(match iterable {
            Type::RangeState => self.range_iterator(values[0], values[1], values[2]),
            Type::List(_) => vec![values[0], self.iconst(MType::I64, 0)],
            Type::Dict(..) | Type::DictView(..) => {
                let start = self.iconst(MType::I64, 0);
                let len = self.load(MType::I64, values[0], dict_layout::LEN_OFFSET);
                vec![values[0], start, len]
            }
            Type::Enumerate(inner) => {
                let mut out = vec![values[0]];
                out.extend(self.iterator_parts(inner, &values[1..])?);
                out
            }
            Type::Zip(inners) => {
                let (mut out, mut at) = (Vec::new(), 0);
                for inner in inners {
                    let n = parts(inner)?.len();
                    out.extend(self.iterator_parts(inner, &values[at..at + n])?);
                    at += n;
                }
                out
            }
            other => return Err(LowerError::Unsupported(format!("iterating over {other}"))),
        })
    }

    /// One step of the iterator typed `iterator` whose variables are `vars`: the value
    /// it yields (its parts) and whether it yielded one. `origin` is the variable the
    /// iterator came from, whose facts a range's values inherit (none for one inside
    /// `enumerate` or `zip`).
    fn next_item(
        &mut self,
        iterator: &Type,
        vars: &[Var],
        origin: Option<&ir::Var>,
    ) -> Result<(Parts, Var), LowerError> {
        match iterator {
            Type::DictIter(dict_type, kind) => {
                let Type::Dict(key_type, value_type) = &**dict_type else {
                    return Err(LowerError::Internal(format!("an iterator over {dict_type}")));
                };
                let (dict, index, began_with) = (vars[0], vars[1], vars[2]);
                // A dict that changed size since iteration began: the interpreter raises
                // CPython's `RuntimeError` at this step.
                let len = self.load(MType::I64, dict, dict_layout::LEN_OFFSET);
                let resized = self.icmp(IntCC::Ne, len, began_with);
                self.deopt_if(resized, "a dict changed size during iteration");
                let valid = self.icmp(IntCC::Slt, index, len);
                let mut values = Vec::new();
                if matches!(kind, DictViewKind::Keys | DictViewKind::Items) {
                    let slot = self.dict_entry(dict, dict_layout::KEYS_OFFSET, index);
                    values.extend(self.load_item_if(valid, key_type, slot, 0)?);
                }
                if matches!(kind, DictViewKind::Values | DictViewKind::Items) {
                    let slot = self.dict_entry(dict, dict_layout::VALUES_OFFSET, index);
                    values.extend(self.load_item_if(valid, value_type, slot, 0)?);
                }
                let next = self.binary_imm(BinaryOp::Iadd, index, 1);
                self.emit(Op::Copy { dst: index, src: next });
                Ok((values, valid))
            }
            Type::ListIter(item) => {
                let (list, index) = (vars[0], vars[1]);
                let len = self.load(MType::I64, list, list_layout::LEN_OFFSET);
                let valid = self.icmp(IntCC::Slt, index, len);
                // Past the end, read the length word instead (always there; unused).
                let word = self.binary_imm(BinaryOp::Iadd, index, 1);
                let zero = self.iconst(MType::I64, 0);
                let word = self.select(valid, word, zero);
                let address = self.word_address(list, word);
                let values = if matches!(**item, Type::Tuple(_)) {
                    // The length word is no tuple's pointer: load through it only when valid.
                    self.load_item_if(valid, item, address, list_layout::LEN_OFFSET)?
                } else {
                    self.load_item(item, address, list_layout::LEN_OFFSET)?
                };
                let next = self.binary_imm(BinaryOp::Iadd, index, 1);
                self.emit(Op::Copy { dst: index, src: next });
                Ok((values, valid))
            }
            Type::RangeIter => {
                let (cur, remaining, step) = (vars[0], vars[1], vars[2]);
                // The value yielded, before the iterator moves on.
                let value = self.new_var(MType::I64);
                self.emit(Op::Copy { dst: value, src: cur });
                if let Some(origin) = origin {
                    if self.nonnegative_ranges.contains(origin) {
                        self.facts.nonnegative.insert(value);
                    }
                    if let Some(&list) = self.bounded_ranges.get(origin) {
                        self.facts.below_length_of.insert(value, list);
                    }
                }
                let valid = self.icmp_imm(IntCC::Ne, remaining, 0);
                // After the last value `cur + step` may wrap; it is never yielded.
                let next = self.binary(BinaryOp::Iadd, cur, step);
                self.emit(Op::Copy { dst: cur, src: next });
                // A `for` loop leaves at the first invalid pair and never asks again.
                let left = self.binary_imm(BinaryOp::Iadd, remaining, -1);
                self.emit(Op::Copy { dst: remaining, src: left });
                Ok((vec![value], valid))
            }
            Type::EnumerateIter(inner) => {
                let count = vars[0];
                let value = self.new_var(MType::I64);
                self.emit(Op::Copy { dst: value, src: count });
                let (inner_values, valid) = self.next_item(inner, &vars[1..], None)?;
                // The count after 2**63 - 1 is a big int: the increment that would reach
                // it deoptimizes (automatic mode), and the interpreter counts on.
                let one = self.iconst(MType::I64, 1);
                let next = self.binary_op(BinOp::Add, count, &Type::INT64, one, &Type::INT64, &Type::INT64)?;
                self.emit(Op::Copy { dst: count, src: next });
                let mut values = vec![value];
                values.extend(inner_values);
                Ok((values, valid))
            }
            Type::ZipIter(inners) => {
                // Each iterator steps at every step; past the end of the shortest the
                // loop leaves, and what the others yielded then is never read.
                let (mut values, mut valid, mut at) = (Vec::new(), None, 0);
                for inner in inners {
                    let n = parts(inner)?.len();
                    let (inner_values, inner_valid) = self.next_item(inner, &vars[at..at + n], None)?;
                    values.extend(inner_values);
                    valid = Some(match valid {
                        Some(so_far) => self.and(so_far, inner_valid),
                        None => inner_valid,
                    });
                    at += n;
                }
                let valid = valid.ok_or_else(|| LowerError::Unsupported("zip() of nothing".to_owned()))?;
                Ok((values, valid))
            }
            other => Err(LowerError::Unsupported(format!("iterating with a {other}"))),
        }
    }

    /// `t[i]`: with `i` a constant, that item's parts (any tuple); otherwise, in a tuple
    /// of one type of scalars, Python's negative-index wrap, a bounds check (out of
    /// range: `IndexError` under `@njit`, a deoptimization in automatic mode) and a
    /// choice among the items.
    fn tuple_item(&mut self, items: &[Type], values: Parts, i: Var) -> Result<(Parts, Type), LowerError> {
        let n = items.len() as i64;
        if let Some(k) = self.constant(i) {
            let at = if k < 0 { k + n } else { k };
            let Some(item) = usize::try_from(at).ok().and_then(|at| items.get(at)) else {
                return Err(LowerError::Unsupported(format!("index {k} of a tuple of {n}")));
            };
            let at = at as usize;
            let start: usize = items[..at].iter().map(|t| parts(t).map(|p| p.len())).sum::<Result<usize, _>>()?;
            let len = parts(item)?.len();
            return Ok((values[start..start + len].to_vec(), item.clone()));
        }
        if values.len() != items.len() || items.is_empty() {
            return Err(LowerError::Unsupported("a computed index into a tuple of several types".into()));
        }
        let count = self.iconst(MType::I64, n);
        let negative = self.icmp_imm(IntCC::Slt, i, 0);
        let wrapped = self.binary(BinaryOp::Iadd, i, count);
        let index = self.select(negative, wrapped, i);
        let outside = self.icmp(IntCC::Uge, index, count);
        let status = self.speculation(Status::IndexOutOfRange);
        self.exit_if_because(outside, status, "a tuple index out of range");
        let mut value = values[values.len() - 1];
        for k in (0..values.len() - 1).rev() {
            let here = self.icmp_imm(IntCC::Eq, index, k as i64);
            value = self.select(here, values[k], value);
        }
        Ok((vec![value], items[0].clone()))
    }

    /// The parts of a list's item from its word at `address + offset`: the word itself
    /// for an int or float, the pointer to its copy for an inner list, and for a tuple
    /// each of its words through that pointer ([`list_layout::TUPLE_ITEMS_OFFSET`]).
    fn load_item(&mut self, item: &Type, address: Var, offset: i32) -> Result<Parts, LowerError> {
        let word_type = if item.is_word_item() { parts(item)?[0] } else { MType::Ptr };
        let word = self.load(word_type, address, offset);
        let Type::Tuple(items) = item else {
            return Ok(vec![word]);
        };
        let mut values = Vec::new();
        for (k, item) in items.iter().enumerate() {
            let part = parts(item)?[0];
            values.push(self.load(part, word, list_layout::TUPLE_ITEMS_OFFSET + 8 * k as i32));
        }
        Ok(values)
    }

    /// The address of entry `at` of a dict's keys or values (`array` is the header's
    /// offset of that array's address), read after any insertion that may have moved it.
    fn dict_entry(&mut self, dict: Var, array: i32, at: Var) -> Var {
        let base = self.load(MType::Ptr, dict, array);
        let offset = self.binary_imm(BinaryOp::Ishl, at, dict_layout::ENTRY_SHIFT);
        self.binary(BinaryOp::Iadd, base, offset)
    }

    /// [`Self::load_item`] when `cond` holds, zeros otherwise (never read).
    fn load_item_if(&mut self, cond: Var, item: &Type, address: Var, offset: i32) -> Result<Parts, LowerError> {
        let values: Parts = parts(item)?.into_iter().map(|p| self.new_var(p)).collect();
        for &v in &values {
            let op = match self.func.ty(v) {
                MType::F64 => Op::Fconst { dst: v, value: 0.0 },
                _ => Op::Iconst { dst: v, value: 0 },
            };
            self.emit(op);
        }
        let (load, join) = (self.new_block(), self.new_block());
        self.terminate(Terminator::Brif { cond, then: load, otherwise: join });
        self.switch_to(load);
        let loaded = self.load_item(item, address, offset)?;
        for (&dst, &src) in values.iter().zip(&loaded) {
            self.emit(Op::Copy { dst, src });
        }
        self.terminate(Terminator::Jump(join));
        self.switch_to(join);
        Ok(values)
    }

    /// The index words of an array subscript: one int, or a tuple of ints.
    fn array_indices(&mut self, index: &ir::Var) -> Result<Parts, LowerError> {
        match self.ty(index)?.clone() {
            Type::Tuple(items) => {
                let values = self.get(index)?;
                items.iter().zip(values).map(|(ty, v)| self.coerce(v, ty, &Type::INT64)).collect()
            }
            _ => Ok(vec![self.int(index)?]),
        }
    }

    /// The address picked by `indices` in an array of `ndim` axes (parts: data pointer,
    /// shape, strides), with the shape and strides of the axes left (a view when some
    /// are). Each index wraps when negative and is checked against its axis, as Numba's
    /// `boundscheck=True` does: `IndexError` under `@njit` (Numba without the check reads
    /// outside the array; pynum never does).
    fn array_item(&mut self, array: &[Var], ndim: usize, indices: &[Var]) -> (Var, Parts) {
        let mut address = array[0];
        for (k, &i) in indices.iter().enumerate() {
            let (length, stride) = (array[1 + k], array[1 + ndim + k]);
            let in_range = self.facts.below_length_of.get(&i) == Some(&length);
            let index = if self.known_nonnegative(i) {
                i
            } else {
                let negative = self.icmp_imm(IntCC::Slt, i, 0);
                let wrapped = self.binary(BinaryOp::Iadd, i, length);
                self.select(negative, wrapped, i)
            };
            if !in_range {
                // Unsigned: a still-negative index is huge.
                let outside = self.icmp(IntCC::Uge, index, length);
                let status = self.speculation(Status::ArrayIndexOutOfBounds);
                self.exit_if_because(outside, status, "an array index out of bounds");
            }
            let offset = self.binary(BinaryOp::Imul, index, stride);
            address = self.binary(BinaryOp::Iadd, address, offset);
        }
        let k = indices.len();
        let mut view: Parts = array[1 + k..=ndim].to_vec();
        view.extend_from_slice(&array[1 + ndim + k..]);
        (address, view)
    }

    /// `m[i] = x` where `m[i]` is a view (`address`, then its shape and strides) and `x`
    /// a scalar: stored into every item. (An array `x`, which may overlap the view or
    /// broadcast to it, is typed out: the interpreter copies it as NumPy does.)
    fn store_into_view(&mut self, address: Var, view: &[Var], item: &Type, value: &ir::Var) -> Result<(), LowerError> {
        let n = view.len() / 2;
        let (shape, strides) = (&view[..n], &view[n..]);
        let value_ty = self.ty(value)?.clone();
        let v = self.scalar(value)?;
        let v = match (&value_ty, item) {
            (Type::Float { .. }, Type::Int { .. }) => self.truncate_to_int(v),
            _ => self.coerce(v, &value_ty, item)?,
        };
        self.for_each_item(shape, &[(address, strides)], &mut |l, addresses| {
            l.emit(Op::Store { value: v, addr: addresses[0], offset: 0 });
            Ok(())
        })
    }

    /// Whether `obj[index] = value` stores back what `value = obj[index]; value op= x`
    /// changed in place (the bytecode of `obj[index] op= x` uses the same variables).
    fn writes_back_in_place(&self, obj: &ir::Var, index: &ir::Var, value: &ir::Var) -> bool {
        let definition = |var: &ir::Var| {
            self.typed.function.blocks.iter().flat_map(|b| &b.insts).find_map(|inst| match &inst.kind {
                InstKind::Assign { target, value } if target == var => Some(value),
                _ => None,
            })
        };
        let Some(Expr::Inplace { lhs, .. }) = definition(value) else { return false };
        matches!(definition(lhs), Some(Expr::GetItem { obj: o, index: i }) if o == obj && i == index)
            && self.single_definition.contains(value)
            && self.single_definition.contains(lhs)
    }

    /// Runs `body` once per index of `shape`, in C order, with the address of that item
    /// in each of `arrays` (a data pointer and its strides, one per axis of `shape`).
    fn for_each_item(
        &mut self,
        shape: &[Var],
        arrays: &[(Var, &[Var])],
        body: &mut ItemBody<'a, '_>,
    ) -> Result<(), LowerError> {
        let starts: Parts = arrays.iter().map(|(data, _)| *data).collect();
        self.nest_item_loops(shape, arrays, 0, starts, body)
    }

    fn nest_item_loops(
        &mut self,
        shape: &[Var],
        arrays: &[(Var, &[Var])],
        axis: usize,
        starts: Parts,
        body: &mut ItemBody<'a, '_>,
    ) -> Result<(), LowerError> {
        if axis == shape.len() {
            return body(self, &starts);
        }
        self.count_up(0, shape[axis], None, &mut |l, i| {
            let mut here = Vec::with_capacity(starts.len());
            for (&start, (_, strides)) in starts.iter().zip(arrays) {
                let offset = l.binary(BinaryOp::Imul, i, strides[axis]);
                here.push(l.binary(BinaryOp::Iadd, start, offset));
            }
            l.nest_item_loops(shape, arrays, axis + 1, here, body)
        })
    }

    /// A loop whose counter `i` runs from `from` up to `below` (not included), or until
    /// the flag `until` (a variable `body` may set) holds: `body` runs once for each `i`.
    fn count_up(
        &mut self,
        from: i64,
        below: Var,
        until: Option<Var>,
        body: &mut dyn FnMut(&mut Self, Var) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        let i = self.new_var(MType::I64);
        let start = self.iconst(MType::I64, from);
        self.emit(Op::Copy { dst: i, src: start });
        let (header, inner, done) = (self.new_block(), self.new_block(), self.new_block());
        self.terminate(Terminator::Jump(header));
        self.switch_to(header);
        let mut more = self.icmp(IntCC::Slt, i, below);
        if let Some(until) = until {
            let going = self.not(until);
            more = self.and(more, going);
        }
        self.terminate(Terminator::Brif { cond: more, then: inner, otherwise: done });
        self.switch_to(inner);
        body(self, i)?;
        let next = self.binary_imm(BinaryOp::Iadd, i, 1);
        self.emit(Op::Copy { dst: i, src: next });
        self.terminate(Terminator::Jump(header));
        self.switch_to(done);
        Ok(())
    }

    /// `xs[start:stop:step]` of a list of one-word items: a new list, CPython's
    /// `PySlice_AdjustIndices` for the bounds (`None` the ends, negative ones from the
    /// end, clamped). The step must be `None` or a constant that is not zero; a variable
    /// one stays interpreted.
    fn slice_list(&mut self, list: Var, item: &Type, bounds: &[(Parts, &Type)]) -> Result<Var, LowerError> {
        let step = match bounds[2] {
            (_, Type::NoneType) => 1,
            (ref values, _) => match self.constant(values[0]) {
                Some(step) if step != 0 && step != i64::MIN => step,
                _ => return Err(LowerError::Unsupported("a slice whose step is not a constant".to_owned())),
            },
        };
        let len = self.load(MType::I64, list, list_layout::LEN_OFFSET);
        let zero = self.iconst(MType::I64, 0);
        let last = self.binary_imm(BinaryOp::Iadd, len, -1);
        let minus_one = self.iconst(MType::I64, -1);
        // A bound as CPython adjusts it: `None` is `default`; a negative one counts from
        // the end and stops at `low`; one past the end stops at `high`.
        let adjust =
            |l: &mut Self, bound: &(Parts, &Type), default: Var, low: Var, high: Var| -> Result<Var, LowerError> {
                if *bound.1 == Type::NoneType {
                    return Ok(default);
                }
                let value = l.coerce(bound.0[0], bound.1, &Type::INT64)?;
                let negative = l.icmp_imm(IntCC::Slt, value, 0);
                let from_end = l.binary(BinaryOp::Iadd, value, len);
                let below = l.icmp(IntCC::Slt, from_end, low);
                let from_end = l.select(below, low, from_end);
                let above = l.icmp(IntCC::Sgt, value, high);
                let kept = l.select(above, high, value);
                Ok(l.select(negative, from_end, kept))
            };
        // The distance from start to stop in the step's direction.
        let (start, span) = if step > 0 {
            let start = adjust(self, &bounds[0], zero, zero, len)?;
            let stop = adjust(self, &bounds[1], len, zero, len)?;
            (start, self.binary(BinaryOp::Isub, stop, start))
        } else {
            let start = adjust(self, &bounds[0], last, minus_one, last)?;
            let stop = adjust(self, &bounds[1], minus_one, minus_one, last)?;
            (start, self.binary(BinaryOp::Isub, start, stop))
        };
        // (span - 1) / |step| + 1 items when span > 0: no overflow.
        let inner = self.binary_imm(BinaryOp::Iadd, span, -1);
        let step_var = self.iconst(MType::I64, step.abs());
        let quotient = self.binary(BinaryOp::Sdiv, inner, step_var);
        let count = self.binary_imm(BinaryOp::Iadd, quotient, 1);
        let some = self.icmp_imm(IntCC::Sgt, span, 0);
        let count = self.select(some, count, zero);
        let sliced = self.call_helper("pynum_list_new", &[count])?;
        self.exit_if_allocation_failed(sliced);
        // Item k of the slice is item start + k * step of the list, in range by the count.
        let word_type = parts(item)?[0];
        self.count_up(0, count, None, &mut |l, k| {
            let scaled = l.binary_imm(BinaryOp::Imul, k, step);
            let source = l.binary(BinaryOp::Iadd, start, scaled);
            let source_address = l.word_address(list, source);
            let value = l.load(word_type, source_address, list_layout::ITEMS_OFFSET);
            let target_address = l.word_address(sliced, k);
            l.emit(Op::Store { value, addr: target_address, offset: list_layout::ITEMS_OFFSET });
            Ok(())
        })?;
        Ok(sliced)
    }

    /// `list_append` (a comprehension's, or `xs.append(x)` after the `list_append`
    /// rewrite): the item stored after the last, the length one more; a full list moves
    /// first to one with twice the room, and the variable that holds the list takes the
    /// new address (nothing else holds it: the comprehension's temporary, or a local the
    /// rewrite proved unaliased).
    fn list_append(&mut self, list: &ir::Var, value: &ir::Var) -> Result<(), LowerError> {
        let holder = self.growable_list(list)?;
        let value = self.scalar(value)?;
        self.append_word(holder, value)
    }

    /// The one variable holding a list grown in place (it follows the list's moves).
    fn growable_list(&mut self, list: &ir::Var) -> Result<Var, LowerError> {
        match self.variables(list)?.as_slice() {
            [holder] => Ok(*holder),
            _ => Err(LowerError::Internal(format!("growing a {}", self.ty(list)?))),
        }
    }

    /// `list.extend(other)` on a list grown in place, `other` another list of the same
    /// items (the rewrite rules out the list itself): its items appended in order.
    fn list_extend(&mut self, list: &ir::Var, other: &ir::Var) -> Result<(), LowerError> {
        let Type::List(item) = self.ty(other)? else {
            return Err(LowerError::Internal(format!("extending with a {}", self.ty(other)?)));
        };
        // Items of one word each, as appends store them.
        if parts(item)?.len() != 1 {
            return Err(LowerError::Unsupported(format!("extending a list of {item}")));
        }
        let holder = self.growable_list(list)?;
        let source = self.scalar(other)?;
        self.for_each_list_item(source, item, 0, None, &mut |l, value| l.append_word(holder, value))
    }

    /// Appends the one-word `value` to the list grown in place that `holder` holds.
    fn append_word(&mut self, holder: Var, value: Var) -> Result<(), LowerError> {
        let len = self.make_room(holder)?;
        let address = self.word_address(holder, len);
        self.emit(Op::Store { value, addr: address, offset: list_layout::ITEMS_OFFSET });
        let longer = self.binary_imm(BinaryOp::Iadd, len, 1);
        self.emit(Op::Store { value: longer, addr: holder, offset: list_layout::LEN_OFFSET });
        Ok(())
    }

    /// Room for one more item in the list grown in place that `holder` holds (moved to
    /// twice the room when full, `holder` following it); its length.
    fn make_room(&mut self, holder: Var) -> Result<Var, LowerError> {
        let len = self.load(MType::I64, holder, list_layout::LEN_OFFSET);
        let room = self.load(MType::I64, holder, list_layout::LEN_OFFSET - 8);
        let full = self.icmp(IntCC::Sge, len, room);
        let (grow, store) = (self.new_block(), self.new_block());
        self.terminate(Terminator::Brif { cond: full, then: grow, otherwise: store });
        self.switch_to(grow);
        let grown = self.call_helper("pynum_list_grow", &[holder])?;
        self.exit_if_allocation_failed(grown);
        self.emit(Op::Copy { dst: holder, src: grown });
        self.terminate(Terminator::Jump(store));
        self.switch_to(store);
        Ok(len)
    }

    /// `list.insert(index, value)` on a list grown in place, as CPython's: a negative
    /// index counts from the end, then the index is clamped to `0..=len`; the items from
    /// there move one place up, last first.
    fn list_insert(&mut self, list: &ir::Var, index: &ir::Var, value: &ir::Var) -> Result<(), LowerError> {
        let Type::List(item) = self.ty(list)? else {
            return Err(LowerError::Internal(format!("inserting into a {}", self.ty(list)?)));
        };
        let word_type = parts(item)?[0];
        let holder = self.growable_list(list)?;
        let index = self.int(index)?;
        let value = self.scalar(value)?;
        let len = self.make_room(holder)?;
        let from_end = self.binary(BinaryOp::Iadd, index, len);
        let negative = self.icmp_imm(IntCC::Slt, index, 0);
        let at = self.select(negative, from_end, index);
        let zero = self.iconst(MType::I64, 0);
        let before_start = self.icmp_imm(IntCC::Slt, at, 0);
        let at = self.select(before_start, zero, at);
        let past_end = self.icmp(IntCC::Sgt, at, len);
        let at = self.select(past_end, len, at);
        let moved = self.binary(BinaryOp::Isub, len, at);
        self.count_up(0, moved, None, &mut |l, k| {
            let last = l.binary(BinaryOp::Isub, len, k);
            let from = l.binary_imm(BinaryOp::Isub, last, 1);
            let address = l.word_address(holder, from);
            let word = l.load(word_type, address, list_layout::ITEMS_OFFSET);
            l.emit(Op::Store { value: word, addr: address, offset: list_layout::ITEMS_OFFSET + 8 });
            Ok(())
        })?;
        let address = self.word_address(holder, at);
        self.emit(Op::Store { value, addr: address, offset: list_layout::ITEMS_OFFSET });
        let longer = self.binary_imm(BinaryOp::Iadd, len, 1);
        self.emit(Op::Store { value: longer, addr: holder, offset: list_layout::LEN_OFFSET });
        Ok(())
    }

    /// `list.pop()` on a list grown in place: its last item, the length one less. An
    /// empty list raises `IndexError` (`@njit`) or leaves for the interpreter, which
    /// raises it, before anything changed.
    fn list_pop(&mut self, list: &ir::Var, item: &Type) -> Result<Parts, LowerError> {
        let holder = self.growable_list(list)?;
        let len = self.load(MType::I64, holder, list_layout::LEN_OFFSET);
        let empty = self.icmp_imm(IntCC::Sle, len, 0);
        if self.python {
            self.exit_if_because(empty, Status::Deopt, "a pop from an empty list");
        } else {
            self.raise_if(empty, "IndexError", "pop from empty list");
        }
        let last = self.binary_imm(BinaryOp::Isub, len, 1);
        let address = self.word_address(holder, last);
        let value = self.load_item(item, address, list_layout::ITEMS_OFFSET)?;
        self.emit(Op::Store { value: last, addr: holder, offset: list_layout::LEN_OFFSET });
        Ok(value)
    }

    /// Runs `body` on each item of `list` (items of one word, typed `item`), from index
    /// `from` to the end, in order, or until the flag `until` (a variable `body` may
    /// set) holds. Reads the length once: no body changes the list's length.
    fn for_each_list_item(
        &mut self,
        list: Var,
        item: &Type,
        from: i64,
        until: Option<Var>,
        body: &mut dyn FnMut(&mut Self, Var) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        let word_type = parts(item)?[0];
        let len = self.load(MType::I64, list, list_layout::LEN_OFFSET);
        self.count_up(from, len, until, &mut |l, i| {
            let address = l.word_address(list, i);
            let value = l.load(word_type, address, list_layout::ITEMS_OFFSET);
            body(l, value)
        })
    }

    /// `x in xs` for a list of one-word items: `==` item by item, in order, stopping at
    /// the first equal one. CPython takes an object as equal to itself first, so a NaN
    /// found beside a NaN may be one object: automatic mode leaves that to the
    /// interpreter.
    fn list_contains(&mut self, x: Var, tx: &Type, list: Var, item: &Type) -> Result<Var, LowerError> {
        let found = self.new_var(MType::I1);
        let no = self.iconst(MType::I1, 0);
        self.emit(Op::Copy { dst: found, src: no });
        self.for_each_list_item(list, item, 0, Some(found), &mut |l, value| {
            let equal = l.tuple_items_equal(x, tx, value, item)?;
            l.emit(Op::Copy { dst: found, src: equal });
            Ok(())
        })?;
        Ok(found)
    }

    /// Facts about an array's shape words or a bytearray's length: never negative, and
    /// (for one the call holds throughout, [`Self::stable_lists`]) the bound of its
    /// indices, so that `for i in range(n)` after `n = a.shape[0]` needs no bounds check.
    fn note_array_lengths(&mut self, shape: &[Var]) {
        for &length in shape {
            self.facts.nonnegative.insert(length);
            if self.stable_lists.contains(&length) {
                self.facts.length_of.insert(length, length);
            }
        }
    }

    /// The address of item `i` of a list (one word each), less the items' offset, after
    /// Python's negative-index wrap and a bounds check (out of range: `IndexError` under
    /// `@njit`, a deoptimization in automatic mode, where the interpreter raises it).
    ///
    /// Bounds-check elimination: an index known not to be negative needs no wrap, and
    /// one known to be below this list's length (a value of `range(len(xs))`) no check.
    fn list_slot(&mut self, base: Var, i: Var) -> Var {
        let length = |l: &mut Self| l.load(MType::I64, base, list_layout::LEN_OFFSET);
        let index = self.checked_index(base, i, length, Status::IndexOutOfRange);
        self.word_address(base, index)
    }

    /// The address of word `index` of a list's items (one word each), less the items'
    /// offset (`list_layout::ITEMS_OFFSET` goes in the load or store); no check.
    fn word_address(&mut self, list: Var, index: Var) -> Var {
        let offset = self.binary_imm(BinaryOp::Ishl, index, list_layout::WORD_ITEM_SHIFT);
        self.binary(BinaryOp::Iadd, list, offset)
    }

    /// The address of item `i` of the bytearray whose parts are `bytes`
    /// ([`bytearray_layout`]), after Python's negative-index wrap and a bounds check.
    /// Facts of its indices are keyed by its length part, as an array's by its shape's.
    fn bytearray_slot(&mut self, bytes: &[Var], i: Var) -> Var {
        let (data, len) = (bytes[bytearray_layout::DATA_PART], bytes[bytearray_layout::LEN_PART]);
        let index = self.checked_index(len, i, |_| len, Status::ByteArrayIndexOutOfRange);
        self.binary(BinaryOp::Iadd, data, index)
    }

    /// [`Self::checked_index`] of an index that may be negative: one unsigned compare
    /// with the length on the way taken by an index in `0..len`, Python's wrap and a
    /// second check off it (a select computing the wrap on every access cost the
    /// sieve's inner loop three of its thirteen instructions).
    fn checked_index_either_sign(
        &mut self,
        i: Var,
        mut length: impl FnMut(&mut Self) -> Var,
        outside_status: Status,
    ) -> Var {
        let len = length(self);
        let index = self.new_var(MType::I64);
        self.emit(Op::Copy { dst: index, src: i });
        let inside = self.icmp(IntCC::Ult, i, len);
        let (wrap, join) = (self.new_block(), self.new_block());
        self.terminate(Terminator::Brif { cond: inside, then: join, otherwise: wrap });
        self.switch_to(wrap);
        // Only a negative index can be in range after the wrap: one at or past the end
        // stays at or past it (both are below 2**63, so the sum does not wrap around).
        let wrapped = self.binary(BinaryOp::Iadd, i, len);
        self.emit(Op::Copy { dst: index, src: wrapped });
        let outside = self.icmp(IntCC::Uge, wrapped, len);
        let status = self.speculation(outside_status);
        self.exit_if_because(outside, status, "an index out of range");
        self.terminate(Terminator::Jump(join));
        self.switch_to(join);
        self.facts.nonnegative.insert(index);
        index
    }

    /// Index `i` of a list or bytearray (`base`, as facts know it; `length` its length)
    /// made non-negative by Python's wrap, and checked to be in range: out of range
    /// leaves for the interpreter (or raises `outside_status`'s `IndexError` under `@njit`).
    fn checked_index(
        &mut self,
        base: Var,
        i: Var,
        mut length: impl FnMut(&mut Self) -> Var,
        outside_status: Status,
    ) -> Var {
        let in_range = self.facts.below_length_of.get(&i) == Some(&base);
        // A constant index (`xs[-1]`) folds its wrap instead.
        if !in_range && !self.known_nonnegative(i) && self.constant(i).is_none() {
            return self.checked_index_either_sign(i, length, outside_status);
        }
        let index = if self.known_nonnegative(i) {
            i
        } else {
            let len = length(self);
            let negative = self.icmp_imm(IntCC::Slt, i, 0);
            let wrapped = self.binary(BinaryOp::Iadd, i, len);
            self.select(negative, wrapped, i)
        };
        if !in_range {
            let len = length(self);
            // Unsigned: a still-negative index is huge.
            let outside = self.icmp(IntCC::Uge, index, len);
            let status = self.speculation(outside_status);
            self.exit_if_because(outside, status, "an index out of range");
        }
        index
    }

    /// A range iterator's parts: the next value, how many values are left (as an unsigned
    /// count: `range(-2**63, 2**63 - 1)` has 2**64 - 1) and the step. Counting, rather
    /// than comparing the next value with `stop`, is exact near the ends of the 64-bit
    /// range, where `cur + step` wraps, and costs one compare per iteration.
    fn range_iterator(&mut self, start: Var, stop: Var, step: Var) -> Vec<Var> {
        // Its values stay below `stop`: below a list's length when `stop` is one.
        self.range_bound = match (self.constant(step), self.facts.length_of.get(&stop)) {
            (Some(step), Some(&list)) if step > 0 => Some(list),
            _ => None,
        };
        let upward = self.icmp_imm(IntCC::Sgt, step, 0);
        let (low, high) = (self.select(upward, start, stop), self.select(upward, stop, start));
        let nonempty = self.icmp(IntCC::Slt, low, high);
        // The distance fits in 64 unsigned bits even when the signed difference does not.
        let distance = self.binary(BinaryOp::Isub, high, low);
        let count = match self.constant(step) {
            Some(1 | -1) => distance,
            _ => {
                let negated = self.unary(UnaryOp::Ineg, step, MType::I64);
                let magnitude = self.select(upward, step, negated);
                let before_last = self.binary_imm(BinaryOp::Iadd, distance, -1);
                let steps = self.binary(BinaryOp::Udiv, before_last, magnitude);
                self.binary_imm(BinaryOp::Iadd, steps, 1)
            }
        };
        let zero = self.iconst(MType::I64, 0);
        let remaining = self.select(nonempty, count, zero);
        vec![start, remaining, step]
    }

    /// `a op b` by the operator's registry entry for the result's kind.
    fn binary_op(&mut self, op: BinOp, a: Var, ta: &Type, b: Var, tb: &Type, result: &Type) -> Result<Var, LowerError> {
        let lowering = crate::ops::operator(op).and_then(|entry| entry.lowering_for(result));
        let lower = lowering.ok_or_else(|| LowerError::Unsupported(format!("{result} {}", op.symbol())))?;
        lower(self, &Operands { a, ta, b, tb, result })
    }

    /// Floor division and modulo by a positive constant: no zero or `-1` divisor to
    /// check, and the floor correction is "the remainder is negative". For a power of
    /// two, two's complement already floors: `n >> k` and `n & (2**k - 1)` are exactly
    /// Python's `n // 2**k` and `n % 2**k` for every sign of `n`.
    fn divide_by_positive_constant(&mut self, op: BinOp, x: Var, y: Var, divisor: i64) -> Var {
        if divisor.count_ones() == 1 {
            return match op {
                BinOp::FloorDiv => self.binary_imm(BinaryOp::Sshr, x, i64::from(divisor.trailing_zeros())),
                _ => self.binary_imm(BinaryOp::Band, x, divisor - 1),
            };
        }
        if self.known_nonnegative(x) {
            // Truncating division is floor division here; unsigned is one step shorter
            // in the multiply-by-reciprocal a backend makes of it.
            return match op {
                BinOp::FloorDiv => self.binary(BinaryOp::Udiv, x, y),
                _ => self.binary(BinaryOp::Urem, x, y),
            };
        }
        let r = self.binary(BinaryOp::Srem, x, y);
        let negative_mask = self.binary_imm(BinaryOp::Sshr, r, 63);
        match op {
            BinOp::FloorDiv => {
                let q = self.binary(BinaryOp::Sdiv, x, y);
                self.binary(BinaryOp::Iadd, q, negative_mask)
            }
            _ => {
                let fix = self.binary_imm(BinaryOp::Band, negative_mask, divisor);
                self.binary(BinaryOp::Iadd, r, fix)
            }
        }
    }

    fn compare(&mut self, op: CmpOp, lhs: &ir::Var, ta: &Type, rhs: &ir::Var, tb: &Type) -> Result<Var, LowerError> {
        if matches!(op, CmpOp::Is | CmpOp::IsNot) {
            let context = TypingContext { target: Target::Cpu, python_semantics: self.python };
            let identity = context.identity(ta, tb).map_err(LowerError::Unsupported)?;
            let same = match identity {
                Identity::Known(same) => self.iconst(MType::I1, i64::from(same)),
                Identity::SameValue => self.compare(CmpOp::Eq, lhs, ta, rhs, tb)?,
            };
            return Ok(if op == CmpOp::Is { same } else { self.not(same) });
        }
        if let (CmpOp::In | CmpOp::NotIn, Type::List(item)) = (op, tb) {
            let (x, list) = (self.scalar(lhs)?, self.scalar(rhs)?);
            let found = self.list_contains(x, ta, list, item)?;
            return Ok(if op == CmpOp::In { found } else { self.not(found) });
        }
        if let (CmpOp::In | CmpOp::NotIn, Type::Dict(..)) = (op, tb) {
            let key = self.dict_key(lhs, false)?;
            let dict = self.scalar(rhs)?;
            let at = self.call_helper("pynum_dict_find", &[dict, key])?;
            let cc = if op == CmpOp::In { IntCC::Sge } else { IntCC::Slt };
            return Ok(self.icmp_imm(cc, at, 0));
        }
        if let (Type::Tuple(xs), Type::Tuple(ys)) = (ta, tb) {
            let (a, b) = (self.get(lhs)?, self.get(rhs)?);
            return self.compare_tuples(op, &a, xs, &b, ys);
        }
        let (a, b) = (self.scalar(lhs)?, self.scalar(rhs)?);
        self.compare_values(op, a, ta, b, tb)
    }

    /// Two tuples of scalars (one part per item, typing checked) compared as Python
    /// does: equal when the lengths and every pair of items are; ordered by the first
    /// pair that is not equal, else by the lengths. Branch-free: from the last common
    /// pair to the first, each pair that is not equal replaces the answer with its own.
    fn compare_tuples(&mut self, op: CmpOp, a: &[Var], xs: &[Type], b: &[Var], ys: &[Type]) -> Result<Var, LowerError> {
        let common = xs.len().min(ys.len());
        let by_length = match op {
            CmpOp::Eq | CmpOp::Ne => xs.len() == ys.len(),
            CmpOp::Lt => xs.len() < ys.len(),
            CmpOp::Le => xs.len() <= ys.len(),
            CmpOp::Gt => xs.len() > ys.len(),
            CmpOp::Ge => xs.len() >= ys.len(),
            other => return Err(LowerError::Unsupported(format!("comparing tuples with {}", other.symbol()))),
        };
        let mut answer = self.iconst(MType::I1, i64::from(by_length));
        if matches!(op, CmpOp::Eq | CmpOp::Ne) {
            if xs.len() == ys.len() {
                for k in 0..common {
                    let equal = self.tuple_items_equal(a[k], &xs[k], b[k], &ys[k])?;
                    answer = self.and(answer, equal);
                }
            }
            return Ok(if op == CmpOp::Ne { self.not(answer) } else { answer });
        }
        for k in (0..common).rev() {
            let equal = self.tuple_items_equal(a[k], &xs[k], b[k], &ys[k])?;
            let ordered = self.compare_values(op, a[k], &xs[k], b[k], &ys[k])?;
            answer = self.select(equal, answer, ordered);
        }
        Ok(answer)
    }

    /// Whether a pair of tuple (or list) items is equal as a tuple comparison (or `in`)
    /// sees it. CPython takes an object as equal to itself before it asks `==`, so two
    /// NaNs are equal items when they are one object, which values cannot tell:
    /// automatic mode leaves that case to the interpreter (`@njit` compares values, as
    /// Numba does).
    fn tuple_items_equal(&mut self, a: Var, ta: &Type, b: Var, tb: &Type) -> Result<Var, LowerError> {
        let equal = self.compare_values(CmpOp::Eq, a, ta, b, tb)?;
        if self.python && matches!(ta, Type::Float { .. }) && matches!(tb, Type::Float { .. }) {
            let a_nan = self.fcmp(FloatCC::Ne, a, a);
            let b_nan = self.fcmp(FloatCC::Ne, b, b);
            let both = self.and(a_nan, b_nan);
            self.deopt_if(both, "two NaNs in a tuple comparison (one object or two?)");
        }
        Ok(equal)
    }

    /// `a op b` for two scalars typed `ta` and `tb` (typing checked that they compare).
    fn compare_values(&mut self, op: CmpOp, a: Var, ta: &Type, b: Var, tb: &Type) -> Result<Var, LowerError> {
        if *ta == Type::Str || *tb == Type::Str {
            // Typing compares two strs for equality only: their ids in the call's table
            // are equal exactly when the strings are.
            let cc = match op {
                CmpOp::Eq if ta == tb => IntCC::Eq,
                CmpOp::Ne if ta == tb => IntCC::Ne,
                other => return Err(LowerError::Unsupported(format!("comparing {ta} {} {tb}", other.symbol()))),
            };
            return Ok(self.icmp(cc, a, b));
        }
        if matches!(ta, Type::Float { .. }) || matches!(tb, Type::Float { .. }) {
            // Python compares an int and a float exactly.
            self.deopt_unless_exact_float(a, ta);
            self.deopt_unless_exact_float(b, tb);
            let x = self.coerce(a, ta, &Type::FLOAT64)?;
            let y = self.coerce(b, tb, &Type::FLOAT64)?;
            let cc = match op {
                CmpOp::Lt => FloatCC::Lt,
                CmpOp::Le => FloatCC::Le,
                CmpOp::Eq => FloatCC::Eq,
                CmpOp::Ne => FloatCC::Ne,
                CmpOp::Gt => FloatCC::Gt,
                CmpOp::Ge => FloatCC::Ge,
                other => return Err(LowerError::Unsupported(format!("comparison {}", other.symbol()))),
            };
            return Ok(self.fcmp(cc, x, y));
        }
        let x = self.coerce(a, ta, &Type::INT64)?;
        let y = self.coerce(b, tb, &Type::INT64)?;
        let cc = match op {
            CmpOp::Lt => IntCC::Slt,
            CmpOp::Le => IntCC::Sle,
            CmpOp::Eq => IntCC::Eq,
            CmpOp::Ne => IntCC::Ne,
            CmpOp::Gt => IntCC::Sgt,
            CmpOp::Ge => IntCC::Sge,
            other => return Err(LowerError::Unsupported(format!("comparison {}", other.symbol()))),
        };
        Ok(self.icmp(cc, x, y))
    }

    fn call(&mut self, callee: &Type, args: &[ir::Var], result: &Type) -> Result<Parts, LowerError> {
        let mut values = Vec::new();
        let mut arg_types = Vec::new();
        for arg in args {
            values.push(self.get(arg)?);
            arg_types.push(self.ty(arg)?.clone());
        }
        let scalar = |values: &[Parts], i: usize| -> Result<Var, LowerError> {
            values
                .get(i)
                .and_then(|v| v.first().copied())
                .ok_or_else(|| LowerError::Unsupported(format!("argument {i} of {callee}")))
        };
        match callee {
            Type::Function(qualname) => self.call_user(qualname, values, &arg_types, result),
            // `np.float64(x)`, `np.int64(x)`: the builtin conversion to that type.
            Type::NumberClass(number) => {
                let name = if **number == Type::INT64 { "int" } else { "float" };
                let Some(Lowering::Inline(lower)) = crate::ops::builtin_op(name).map(|op| op.lowering) else {
                    return Err(LowerError::Internal(format!("the builtin {name} has no inline lowering")));
                };
                lower(self, &BuiltinCall { args: &values, types: &arg_types, result })
            }
            Type::Builtin(name) => {
                let op = crate::ops::builtin_op(name)
                    .ok_or_else(|| LowerError::Unsupported(format!("the builtin {name}")))?;
                let Lowering::Inline(lower) = op.lowering else {
                    return Err(LowerError::Internal(format!("the builtin {name} has no inline lowering")));
                };
                lower(self, &BuiltinCall { args: &values, types: &arg_types, result })
            }
            Type::ModuleFunction(module, name) => {
                let op = crate::ops::lookup(module, name)
                    .ok_or_else(|| LowerError::Unsupported(format!("calling {callee}")))?;
                if let Lowering::Inline(lower) = op.lowering {
                    // A module's function lowered as a builtin is (`np.abs` as `abs`).
                    return lower(self, &BuiltinCall { args: &values, types: &arg_types, result });
                }
                if matches!(op.lowering, Lowering::Float(FloatOp::Floor | FloatOp::Ceil | FloatOp::Trunc, _))
                    && arg_types[0].is_integer()
                {
                    // An int is its own floor, ceiling and truncation: no trip through float.
                    return Ok(vec![self.coerce(scalar(&values, 0)?, &arg_types[0], &Type::INT64)?]);
                }
                let floats: Vec<Var> = (0..values.len())
                    .map(|i| scalar(&values, i).and_then(|v| self.coerce(v, &arg_types[i], &Type::FLOAT64)))
                    .collect::<Result<_, _>>()?;
                let x = *floats
                    .first()
                    .ok_or_else(|| LowerError::Unsupported(format!("calling {callee} without arguments")))?;
                let checked = |me: &mut Self, r: Var, check: ErrorCheck, inputs: &[Var]| {
                    if check == ErrorCheck::Math1 {
                        me.deopt_on_float_error(r, inputs);
                    }
                    r
                };
                Ok(vec![match op.lowering {
                    Lowering::Float(float_op, check) => {
                        let r = match float_op {
                            FloatOp::Sqrt => self.unary(UnaryOp::Sqrt, x, MType::F64),
                            FloatOp::Fabs => self.unary(UnaryOp::Fabs, x, MType::F64),
                            FloatOp::Floor => {
                                let f = self.unary(UnaryOp::Floor, x, MType::F64);
                                self.float_to_int(f)
                            }
                            FloatOp::Ceil => {
                                let f = self.unary(UnaryOp::Ceil, x, MType::F64);
                                self.float_to_int(f)
                            }
                            FloatOp::Trunc => self.float_to_int(x),
                            FloatOp::IsNan => self.fcmp(FloatCC::Uno, x, x),
                            FloatOp::IsInf | FloatOp::IsFinite => {
                                let magnitude = self.unary(UnaryOp::Fabs, x, MType::F64);
                                let inf = self.fconst(f64::INFINITY);
                                let is_inf = self.fcmp(FloatCC::Eq, magnitude, inf);
                                if float_op == FloatOp::IsInf {
                                    is_inf
                                } else {
                                    let is_nan = self.fcmp(FloatCC::Uno, x, x);
                                    let bad = self.or(is_inf, is_nan);
                                    self.not(bad)
                                }
                            }
                        };
                        checked(self, r, check, &[x])
                    }
                    Lowering::Log { .. } if floats.len() == 2 => {
                        // CPython's math_log: log(x) / log(base), each raising on its own, and a
                        // zero denominator (base 1) raising ZeroDivisionError.
                        let log = self.math_symbol("log")?;
                        let top = self.call_helper(log, &[x])?;
                        self.deopt_on_float_error(top, &[x]);
                        let bottom = self.call_helper(log, &[floats[1]])?;
                        self.deopt_on_float_error(bottom, &[floats[1]]);
                        let zero = self.fconst(0.0);
                        let zero = self.fcmp(FloatCC::Eq, bottom, zero);
                        self.deopt_if(zero, "math.log() with base 1");
                        self.binary(BinaryOp::Fdiv, top, bottom)
                    }
                    Lowering::Call { check, .. } | Lowering::Log { check, .. } => {
                        let helper = op.lowering.helper(self.python).expect("a call has a helper");
                        let r = self.call_helper(helper.symbol, &floats)?;
                        checked(self, r, check, &floats)
                    }
                    Lowering::Inline(_) => return Err(LowerError::Unsupported(format!("calling {callee}"))),
                }])
            }
            other => Err(LowerError::Unsupported(format!("calling {other}"))),
        }
    }

    /// `int(x)` of a float. Under Python semantics nan and infinities raise and a float
    /// beyond 2**63 becomes an unbounded int: the interpreter takes those. Under `@njit`
    /// it is Numba's cast ([`Self::truncate_to_int`]).
    fn float_to_int(&mut self, x: Var) -> Var {
        if !self.python {
            return self.truncate_to_int(x);
        }
        let magnitude = self.unary(UnaryOp::Fabs, x, MType::F64);
        let limit = self.fconst(9.223_372_036_854_776e18);
        let out_of_range = self.fcmp(FloatCC::UgeOrUno, magnitude, limit);
        self.exit_if_because(out_of_range, Status::Deopt, "a float beyond 2**63 made an int");
        self.unary(UnaryOp::FcvtToSintSat, x, MType::I64)
    }

    /// A float truncated to int64 as Numba's and NumPy's casts do on x86-64 (`cvttsd2si`):
    /// nan, infinities and anything outside int64 become -2**63.
    fn truncate_to_int(&mut self, x: Var) -> Var {
        let magnitude = self.unary(UnaryOp::Fabs, x, MType::F64);
        let limit = self.fconst(9.223_372_036_854_776e18);
        let out_of_range = self.fcmp(FloatCC::UgeOrUno, magnitude, limit);
        let saturated = self.unary(UnaryOp::FcvtToSintSat, x, MType::I64);
        let indefinite = self.iconst(MType::I64, i64::MIN);
        self.select(out_of_range, indefinite, saturated)
    }

    fn call_user(
        &mut self,
        qualname: &str,
        args: Vec<Parts>,
        arg_types: &[Type],
        result: &Type,
    ) -> Result<Parts, LowerError> {
        let name = mangle(qualname, arg_types);
        let callee = self
            .names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| LowerError::Internal(format!("{name} was not declared")))?;
        let dsts: Vec<Var> = parts(result)?.into_iter().map(|p| self.new_var(p)).collect();
        let args: Vec<Var> = args.into_iter().flatten().collect();
        self.emit(Op::Call { dsts: dsts.clone(), callee: callee as u32, args });
        Ok(dsts)
    }
}
