//! LIR, pynum's backend-neutral low-level IR. Typed IR is lowered into it once
//! ([`lower`]); every backend (Cranelift now, LLVM and NVPTX later) translates it without
//! knowing Python, and the LIR interpreter ([`interp`]) runs it as the reference.
//!
//! Design:
//! - **Machine types only** ([`MType`]: `i1`, `i8`, `i64`, `f64`, `ptr`). Python's
//!   semantics (floor division, overflow into big ints, negative indices, range counting,
//!   float domain errors) are already spelled out as machine operations and guards.
//! - **Variables, not SSA.** A variable (`v7`) has one machine type and may be assigned
//!   many times, like Cranelift's `Variable`s; backends build SSA themselves. Blocks take
//!   no parameters: a jump's values are copies made before it.
//! - **Exits are explicit.** A guard (`exit_if`) leaves the function with a status when
//!   its condition holds: a deoptimization names its site (why and the source line) in the
//!   module's site table, a raise names its entry in the raise table. A call whose callee
//!   fails leaves the caller with the same status and `out[0]`. The status word and the
//!   out buffer that carry these are the ABI's ([`pynum_runtime::abi`]).
//! - **Memory through a data layout**: loads and stores take an address and a constant
//!   offset; the offsets come from [`pynum_runtime::abi::list_layout`].
//! - Every instruction carries its source line.

pub mod bounds;
pub mod chunked_polls;
pub mod constant_products;
pub mod hoist_guards;
pub mod inline;
mod interp;
pub mod lower;
pub mod optimize;
mod parse;
mod print;
pub mod rare_arms;
pub mod rotate;
mod verify;

pub use interp::{run, RunError, RunOutcome};
pub use parse::{parse_module, ParseError};
pub use pynum_runtime::abi::MType;
pub use pynum_runtime::Status;
pub use verify::{verify, VerifyError};

/// A hash of LIR's definition and text form (this file, the printer, the parser): a
/// backend in a separate shared object (`targets/llvm-loader`) is used only when it was
/// built from the same sources.
pub const SOURCE_FINGERPRINT: u64 =
    pynum_runtime::fingerprint(&[include_str!("mod.rs"), include_str!("print.rs"), include_str!("parse.rs")]);

use crate::ir::Const;

/// A variable: its index in [`Function::vars`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub u32);

/// A block: its index in [`Function::blocks`]. Block 0 is the entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Block(pub u32);

/// Integer and float operations of two operands, all of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// Wrapping integer arithmetic.
    Iadd,
    Isub,
    Imul,
    /// Truncating division and remainder; the lowering guarantees a non-zero divisor and
    /// no `MIN / -1`.
    Sdiv,
    Srem,
    Udiv,
    Urem,
    Band,
    Bor,
    Bxor,
    /// Shifts; the lowering guarantees an amount in `0..=63`.
    Ishl,
    Sshr,
    Ushr,
    Fadd,
    Fsub,
    Fmul,
    Fdiv,
}

/// Operations of one operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Wrapping negation.
    Ineg,
    /// Bitwise not (on `i1`: logical not).
    Bnot,
    Iabs,
    Fneg,
    Fabs,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// Round half to even.
    Nearest,
    /// Zero-extends a narrower int (`i1`, `i8`) to the destination's type.
    Uextend,
    /// Truncates an int to the destination's narrower type.
    Ireduce,
    /// Signed int to float.
    FcvtFromSint,
    /// Float to signed int, saturating (NaN gives 0).
    FcvtToSintSat,
    /// Reinterprets the bits (`i64` <-> `f64`).
    Bitcast,
}

/// Integer comparisons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntCC {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

/// Float comparisons; the ordered ones are false when an operand is NaN, `Ne` and `Uno`
/// are true then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatCC {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Ordered: neither operand is NaN.
    Ord,
    /// Unordered: an operand is NaN.
    Uno,
    /// Unordered or greater than or equal.
    UgeOrUno,
}

/// Checked integer arithmetic: the wrapped result and whether it overflowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OverflowOp {
    Sadd,
    Ssub,
    Smul,
}

/// Why a function leaves early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exit {
    /// An exception the boundary raises from the status alone (`ZeroDivision`...).
    Status(Status),
    /// Back to the interpreter: the index of the site in [`Module::deopt_sites`].
    Deopt(u32),
    /// A `static_raise`: the index in [`Module::raises`].
    Raise(u32),
    /// On-stack replacement: the call moves to its code at the next tier, which resumes
    /// at this block with the variables live there ([`Status::TierUp`]'s out-buffer
    /// layout). Only the module's root function may take it, since callers pass a
    /// callee's status through unchanged (the `pynum_safepoint` helper answers "tier up"
    /// only to the running call's own code).
    TierUp(Block),
}

/// One instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// An int constant of the destination's type (`i1`, `i8`, `i64`, `ptr`).
    Iconst {
        dst: Var,
        value: i64,
    },
    Fconst {
        dst: Var,
        value: f64,
    },
    Copy {
        dst: Var,
        src: Var,
    },
    Unary {
        op: UnaryOp,
        dst: Var,
        arg: Var,
    },
    Binary {
        op: BinaryOp,
        dst: Var,
        lhs: Var,
        rhs: Var,
    },
    Overflow {
        op: OverflowOp,
        dst: Var,
        overflow: Var,
        lhs: Var,
        rhs: Var,
    },
    Icmp {
        cc: IntCC,
        dst: Var,
        lhs: Var,
        rhs: Var,
    },
    Fcmp {
        cc: FloatCC,
        dst: Var,
        lhs: Var,
        rhs: Var,
    },
    /// `dst = cond ? if_true : if_false`.
    Select {
        dst: Var,
        cond: Var,
        if_true: Var,
        if_false: Var,
    },
    /// Reads the destination's type at `addr + offset`.
    Load {
        dst: Var,
        addr: Var,
        offset: i32,
    },
    Store {
        value: Var,
        addr: Var,
        offset: i32,
    },
    /// A runtime helper by its ABI symbol.
    CallHelper {
        dst: Var,
        helper: String,
        args: Vec<Var>,
    },
    /// A function of the module; a failure it returns leaves this function too.
    Call {
        dsts: Vec<Var>,
        callee: u32,
        args: Vec<Var>,
    },
    /// Leaves the function with `exit` when `cond` (an `i1`) is true.
    ExitIf {
        cond: Var,
        exit: Exit,
    },
    /// Whether the runtime's poll flags are set (an `i1`): a signal (Ctrl-C) arrived for
    /// the interpreter to handle, or the call may move up a tier. The loop then asks the
    /// helper `pynum_safepoint` what to do.
    PollPending {
        dst: Var,
    },
    /// How many nested native calls are still allowed (an `i64`).
    Depth {
        dst: Var,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    pub op: Op,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Terminator {
    Jump(Block),
    Brif {
        cond: Var,
        then: Block,
        otherwise: Block,
    },
    /// Returns the function's results.
    Return(Vec<Var>),
    Exit(Exit),
}

#[derive(Debug, Clone, PartialEq)]
pub struct BlockData {
    pub insts: Vec<Inst>,
    pub terminator: Terminator,
    pub terminator_line: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The specialization's name (`f(int64, float64)`).
    pub name: String,
    /// The variables holding the arguments, in order.
    pub params: Vec<Var>,
    pub results: Vec<MType>,
    /// Each variable's type, by index.
    pub vars: Vec<MType>,
    pub blocks: Vec<BlockData>,
}

/// A compilation unit: the root specialization first, then what it calls.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    pub functions: Vec<Function>,
    /// What each `Exit::Raise` raises: the exception's name and arguments.
    pub raises: Vec<(String, Vec<Const>)>,
    /// Why and at which source line each `Exit::Deopt` leaves.
    pub deopt_sites: Vec<(String, u32)>,
    /// The `str` constants the code uses. Native code holds a `str` as its id in the
    /// call's table of strings (equal strings, one id), whose first entries are these:
    /// the constant `strings[k]` is the id `k`.
    pub strings: Vec<String>,
}

impl Module {
    /// Whether some function may write memory it was given: a store (into a list,
    /// bytearray, object or dict copy, or a list it made), or an insertion into a dict.
    /// Code that writes nothing leaves its copies as they were, so there is nothing to
    /// write back.
    pub fn writes_memory(&self) -> bool {
        self.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.insts).any(|inst| match &inst.op {
            Op::Store { .. } => true,
            Op::CallHelper { helper, .. } => self::helper(helper).is_some_and(|h| h.writes_memory),
            _ => false,
        })
    }

    /// Whether some function calls a helper that allocates in the native arena.
    pub fn makes_lists(&self) -> bool {
        self.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.insts).any(|inst| {
            matches!(&inst.op, Op::CallHelper { helper, .. } if self::helper(helper).is_some_and(|h| h.allocates))
        })
    }
}

impl Function {
    pub fn ty(&self, var: Var) -> MType {
        self.vars[var.0 as usize]
    }

    /// How many edges enter each block, by index: jumps and branches, and a tier-up
    /// exit's resume block once more (the next tier's code enters it from outside).
    pub fn predecessor_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.blocks.len()];
        for block in &self.blocks {
            match block.terminator {
                Terminator::Jump(to) => counts[to.0 as usize] += 1,
                Terminator::Brif { then, otherwise, .. } => {
                    counts[then.0 as usize] += 1;
                    counts[otherwise.0 as usize] += 1;
                }
                Terminator::Return(_) | Terminator::Exit(_) => {}
            }
            for resume in block.tier_up_resumes() {
                counts[resume.0 as usize] += 1;
            }
        }
        counts
    }
}

/// Every helper native code may call: the runtime's and the ops registry's.
pub fn helpers() -> impl Iterator<Item = pynum_runtime::abi::Helper> {
    pynum_runtime::abi::runtime_helpers().into_iter().chain(crate::ops::helpers().map(|h| h.abi()))
}

/// The helper named `symbol`.
pub fn helper(symbol: &str) -> Option<pynum_runtime::abi::Helper> {
    helpers().find(|h| h.symbol == symbol)
}

impl Op {
    /// Whether the instruction is a guard: an `exit_if` that leaves with a status, a
    /// deoptimization or a raise (a tier-up's exit carries the call on elsewhere).
    pub fn is_guard(&self) -> bool {
        matches!(self, Op::ExitIf { exit, .. } if !matches!(exit, Exit::TierUp(_)))
    }

    /// Calls `f` with each variable the instruction writes.
    pub fn for_each_def(&self, mut f: impl FnMut(Var)) {
        match self {
            Op::Iconst { dst, .. }
            | Op::Fconst { dst, .. }
            | Op::Copy { dst, .. }
            | Op::Unary { dst, .. }
            | Op::Binary { dst, .. }
            | Op::Icmp { dst, .. }
            | Op::Fcmp { dst, .. }
            | Op::Select { dst, .. }
            | Op::Load { dst, .. }
            | Op::CallHelper { dst, .. }
            | Op::PollPending { dst }
            | Op::Depth { dst } => f(*dst),
            Op::Overflow { dst, overflow, .. } => {
                f(*dst);
                f(*overflow);
            }
            Op::Call { dsts, .. } => dsts.iter().copied().for_each(f),
            Op::Store { .. } | Op::ExitIf { .. } => {}
        }
    }

    /// Calls `f` with each variable the instruction reads.
    pub fn for_each_use(&self, mut f: impl FnMut(Var)) {
        match self {
            Op::Iconst { .. } | Op::Fconst { .. } | Op::PollPending { .. } | Op::Depth { .. } => {}
            Op::Copy { src: arg, .. }
            | Op::Unary { arg, .. }
            | Op::Load { addr: arg, .. }
            | Op::ExitIf { cond: arg, .. } => f(*arg),
            Op::Binary { lhs, rhs, .. }
            | Op::Overflow { lhs, rhs, .. }
            | Op::Icmp { lhs, rhs, .. }
            | Op::Fcmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            Op::Select { cond, if_true, if_false, .. } => {
                f(*cond);
                f(*if_true);
                f(*if_false);
            }
            Op::Store { value, addr, .. } => {
                f(*value);
                f(*addr);
            }
            Op::CallHelper { args, .. } | Op::Call { args, .. } => args.iter().copied().for_each(f),
        }
    }
}

impl BlockData {
    /// The resume blocks of the block's tier-up exits, in order.
    pub fn tier_up_resumes(&self) -> impl Iterator<Item = Block> + '_ {
        let from_insts = self.insts.iter().filter_map(|inst| match inst.op {
            Op::ExitIf { exit: Exit::TierUp(resume), .. } => Some(resume),
            _ => None,
        });
        let from_terminator = match self.terminator {
            Terminator::Exit(Exit::TierUp(resume)) => Some(resume),
            _ => None,
        };
        from_insts.chain(from_terminator)
    }

    /// Calls `read` with each variable the block reads while `written` does not hold it,
    /// in order, adding to `written` what each instruction writes: with `written` the
    /// variables assigned on entry, the reads of variables not (yet) assigned.
    pub fn reads_before_writes(&self, written: &mut fixedbitset::FixedBitSet, mut read: impl FnMut(Var)) {
        for inst in &self.insts {
            inst.op.for_each_use(|v| {
                if !written.contains(v.0 as usize) {
                    read(v);
                }
            });
            inst.op.for_each_def(|v| written.insert(v.0 as usize));
        }
        self.terminator.for_each_use(|v| {
            if !written.contains(v.0 as usize) {
                read(v);
            }
        });
    }
}

impl Terminator {
    /// The blocks it may branch to.
    pub fn successors(&self) -> Vec<Block> {
        match self {
            Terminator::Jump(target) => vec![*target],
            Terminator::Brif { then, otherwise, .. } => vec![*then, *otherwise],
            Terminator::Return(_) | Terminator::Exit(_) => Vec::new(),
        }
    }

    /// Calls `f` with each variable the terminator reads.
    pub fn for_each_use(&self, f: impl FnMut(Var)) {
        match self {
            Terminator::Brif { cond, .. } => std::iter::once(*cond).for_each(f),
            Terminator::Return(values) => values.iter().copied().for_each(f),
            Terminator::Jump(_) | Terminator::Exit(_) => {}
        }
    }
}

impl Function {
    /// The variables live on entry to each block: read on some path from the block's
    /// start before that path writes them (a backward data-flow to a fixed point). An
    /// on-stack replacement at a block carries exactly these.
    pub fn live_ins(&self) -> Vec<Vec<Var>> {
        use fixedbitset::FixedBitSet;
        let (n, vars) = (self.blocks.len(), self.vars.len());
        // Per block: what it reads before writing (`used`) and what it writes (`defined`).
        let mut used = vec![FixedBitSet::with_capacity(vars); n];
        let mut defined = vec![FixedBitSet::with_capacity(vars); n];
        for (index, block) in self.blocks.iter().enumerate() {
            let used = &mut used[index];
            block.reads_before_writes(&mut defined[index], |v| used.insert(v.0 as usize));
        }
        // A tier-up exit goes on at its resume block, in the next tier's code.
        let successors: Vec<Vec<usize>> = self
            .blocks
            .iter()
            .map(|block| {
                let next = block.terminator.successors().into_iter().chain(block.tier_up_resumes());
                next.map(|b| b.0 as usize).filter(|&b| b < n).collect()
            })
            .collect();
        let mut live = vec![FixedBitSet::with_capacity(vars); n];
        let mut changed = true;
        while changed {
            changed = false;
            for index in (0..n).rev() {
                let mut now = FixedBitSet::with_capacity(vars);
                for &next in &successors[index] {
                    now.union_with(&live[next]);
                }
                now.difference_with(&defined[index]);
                now.union_with(&used[index]);
                if now != live[index] {
                    live[index] = now;
                    changed = true;
                }
            }
        }
        live.iter().map(|bits| bits.ones().map(|v| Var(v as u32)).collect()).collect()
    }

    /// The blocks where a tier-up exit resumes, each once, in block order.
    pub fn resume_blocks(&self) -> Vec<Block> {
        let mut resumes: Vec<Block> = self.blocks.iter().flat_map(BlockData::tier_up_resumes).collect();
        resumes.sort();
        resumes.dedup();
        resumes
    }

    /// [`Function::live_ins`] when the function has tier-up exits (which carry them),
    /// else nothing: what a backend needs to write or read a tier-up's state.
    pub fn tier_up_live_ins(&self) -> Vec<Vec<Var>> {
        if self.resume_blocks().is_empty() {
            Vec::new()
        } else {
            self.live_ins()
        }
    }

    /// For each variable, whether it has one definition and is read only in the block
    /// that defines it (after the definition, in verified LIR): a backend can keep such
    /// a variable as the value its definition made, with no SSA construction.
    pub fn block_local_variables(&self) -> Vec<bool> {
        const NONE: u32 = u32::MAX;
        let n = self.vars.len();
        let mut definitions = vec![0u32; n];
        let mut defining_block = vec![NONE; n];
        let mut escapes = vec![false; n];
        for &param in &self.params {
            if let Some(e) = escapes.get_mut(param.0 as usize) {
                *e = true;
            }
        }
        for (index, block) in self.blocks.iter().enumerate() {
            for inst in &block.insts {
                inst.op.for_each_def(|v| {
                    if let Some(count) = definitions.get_mut(v.0 as usize) {
                        *count += 1;
                        defining_block[v.0 as usize] = index as u32;
                    }
                });
            }
        }
        for (index, block) in self.blocks.iter().enumerate() {
            let mut read = |v: Var| {
                if defining_block.get(v.0 as usize).is_some_and(|&b| b != index as u32) {
                    escapes[v.0 as usize] = true;
                }
            };
            for inst in &block.insts {
                inst.op.for_each_use(&mut read);
            }
            block.terminator.for_each_use(&mut read);
        }
        (0..n).map(|v| definitions[v] == 1 && !escapes[v]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counting loop whose back edge polls: `v1` (the counter), `v2` (the sum) and `v0`
    /// (the bound) are live at the header and where the tier-up exit resumes; `v4`, made
    /// and used inside one block, and `v3`, written before every read, are not.
    const LOOP: &str = "function \"f\"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i1, v4: i1, v5: i64
block0:
  v1 = iconst.i64 0
  v2 = iconst.i64 0
  jump block1
block1:
  v3 = icmp slt v1, v0
  brif v3, block2, block3
block2:
  v2 = iadd v2, v1
  v5 = iconst.i64 1
  v1 = iadd v1, v5
  v4 = poll_pending
  exit_if v4, tier_up block1
  jump block1
block3:
  return v2
";

    #[test]
    fn live_ins_are_what_a_path_reads_before_writing() {
        let module = parse_module(LOOP).unwrap();
        verify(&module).unwrap();
        let function = &module.functions[0];
        let live = function.live_ins();
        let vars = |list: &[u32]| list.iter().map(|&v| Var(v)).collect::<Vec<_>>();
        assert_eq!(live[0], vars(&[0]));
        assert_eq!(live[1], vars(&[0, 1, 2]));
        assert_eq!(live[2], vars(&[0, 1, 2]));
        assert_eq!(live[3], vars(&[2]));
        assert_eq!(function.resume_blocks(), vec![Block(1)]);
    }

    #[test]
    fn a_tier_up_exit_keeps_its_resume_block_live() {
        // Without the back edge, block1 is reached only through the exit's resume: what
        // it reads must still be carried.
        let text =
            LOOP.replace("  exit_if v4, tier_up block1\n  jump block1", "  exit_if v4, tier_up block1\n  jump block3");
        let module = parse_module(&text).unwrap();
        let live = module.functions[0].live_ins();
        assert_eq!(live[2], [Var(0), Var(1), Var(2)]);
    }
}
