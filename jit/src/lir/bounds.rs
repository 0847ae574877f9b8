//! Integer ranges of LIR variables, and the guards they prove can never fire: an
//! overflow check whose exact result fits 64 bits becomes plain arithmetic, and an
//! `exit_if` whose condition is always false goes. Every backend gets the simpler code
//! (LLVM cannot vectorize or hoist past a check; Cranelift emits each one).
//!
//! The analysis is an abstract interpretation over intervals (Cousot's; V8's and
//! LuaJIT's range facts serve the same purpose), forward over the CFG to a fixed point.
//! Loops need more than widening to infinity, since what matters is that an accumulator
//! (`total += i * i % 7`) stays within 64 bits: at a loop header, a variable the loop
//! moves by a bounded step on every iteration (`v = v@header + [lo, hi]`, found by a
//! relational walk of the loop body) gets `entry + trips * step`, where `trips` bounds
//! how many times the back edges are taken per entry. The bound comes from a counter the
//! loop tests on every iteration before going round (`for`'s remaining count tested
//! against zero, `while i < n: ... i += 1`).
//!
//! Assumes LIR's conventions ([`super`]): variables are not SSA, so ranges are kept per
//! block entry (for the ints live at some block's entry; any other variable is written
//! before it is read in each block); `i8` values are bytes read as unsigned; an
//! `Op::Overflow`'s result is exact only on the path past the `exit_if` of its flag; a
//! tier-up exit continues at its resume block with the state of the exit (in the next
//! tier's code, compiled from this same LIR), so it is an edge of the CFG here.

use super::{BinaryOp, BlockData, Exit, Function, Inst, IntCC, Op, OverflowOp, Terminator, UnaryOp, Var};
use crate::lir::MType;

/// A closed interval of integers, within its variable's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub lo: i128,
    pub hi: i128,
}

const I64_FULL: Range = Range { lo: i64::MIN as i128, hi: i64::MAX as i128 };

impl Range {
    pub const fn exact(value: i128) -> Range {
        Range { lo: value, hi: value }
    }

    /// Every value of `ty` (`f64` and `ptr` are not tracked: they stay full).
    pub fn full(ty: MType) -> Range {
        match ty {
            MType::I1 => Range { lo: 0, hi: 1 },
            MType::I8 => Range { lo: 0, hi: 255 },
            _ => I64_FULL,
        }
    }

    fn join(self, other: Range) -> Range {
        Range { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }

    fn contains(self, other: Range) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }

    fn constant(self) -> Option<i128> {
        (self.lo == self.hi).then_some(self.lo)
    }

    fn nonnegative(self) -> bool {
        self.lo >= 0
    }

    /// `self` when it lies within `ty`'s values, else all of them (wrapping arithmetic).
    fn or_full(self, ty: MType) -> Range {
        let full = Range::full(ty);
        if full.contains(self) {
            self
        } else {
            full
        }
    }

    fn add(self, other: Range) -> Range {
        Range { lo: self.lo + other.lo, hi: self.hi + other.hi }
    }

    fn sub(self, other: Range) -> Range {
        Range { lo: self.lo - other.hi, hi: self.hi - other.lo }
    }

    fn mul(self, other: Range) -> Range {
        let products = [self.lo * other.lo, self.lo * other.hi, self.hi * other.lo, self.hi * other.hi];
        Range { lo: *products.iter().min().expect("four"), hi: *products.iter().max().expect("four") }
    }

    /// Multiplies by a count of at most `times` (saturating far beyond 64 bits, where
    /// every use treats it as "does not fit").
    fn scaled(self, times: i128) -> Range {
        const FAR: i128 = 1 << 100;
        let times = times.clamp(0, FAR);
        let scale = |x: i128| x.saturating_mul(times).clamp(-FAR, FAR);
        Range { lo: scale(self.lo.min(0)), hi: scale(self.hi.max(0)) }
    }
}

/// What the analysis proved, per block: the ranges on entry (`None`: never reached).
pub struct Ranges {
    slots: Slots,
    /// The kept variables' ranges per block.
    kept: Vec<Option<Vec<Range>>>,
    /// Every variable's range where nothing narrower is known (parameters' at entry).
    base: Vec<Range>,
}

impl Ranges {
    /// Every variable's range on entry to `block` (`None`: never reached).
    pub fn at_entry(&self, block: usize) -> Option<Vec<Range>> {
        self.kept[block].as_ref().map(|kept| self.slots.expand(kept, &self.base))
    }
}

/// The CFG as the analysis walks it: successors (tier-up resumes included), reverse
/// post-order, and the loops.
struct Cfg {
    successors: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
    /// Position of each block in reverse post-order (`usize::MAX`: unreachable).
    order: Vec<usize>,
    rpo: Vec<usize>,
    /// For each loop header: its body (header included) when the loop has one entry (the
    /// header), else `None` (an irreducible region: no trip-count reasoning).
    loops: Vec<Option<Option<Vec<bool>>>>,
    /// At loop headers: the variables the loop assigns (every variable when it has
    /// several entries).
    assigned_in_loop: Vec<Vec<Var>>,
}

impl Cfg {
    fn new(function: &Function) -> Cfg {
        let n = function.blocks.len();
        let successors: Vec<Vec<usize>> = function
            .blocks
            .iter()
            .map(|block| {
                let mut next: Vec<usize> =
                    block.tier_up_resumes().chain(block.terminator.successors()).map(|b| b.0 as usize).collect();
                next.retain(|&b| b < n);
                next.dedup();
                next
            })
            .collect();
        let mut predecessors = vec![Vec::new(); n];
        for (from, next) in successors.iter().enumerate() {
            for &to in next {
                if !predecessors[to].contains(&from) {
                    predecessors[to].push(from);
                }
            }
        }
        // Reverse post-order by an explicit stack (functions can have thousands of blocks).
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        while let Some(&mut (block, ref mut child)) = stack.last_mut() {
            if let Some(&next) = successors[block].get(*child) {
                *child += 1;
                if !seen[next] {
                    seen[next] = true;
                    stack.push((next, 0));
                }
            } else {
                post.push(block);
                stack.pop();
            }
        }
        let rpo: Vec<usize> = post.into_iter().rev().collect();
        let mut order = vec![usize::MAX; n];
        for (position, &block) in rpo.iter().enumerate() {
            order[block] = position;
        }
        let mut cfg =
            Cfg { successors, predecessors, order, rpo, loops: vec![None; n], assigned_in_loop: vec![Vec::new(); n] };
        for &header in &cfg.rpo.clone() {
            let latches: Vec<usize> = cfg.latches(header);
            if latches.is_empty() {
                continue;
            }
            let body = cfg.loop_body(header, &latches);
            let mut assigned = vec![false; function.vars.len()];
            for (b, data) in function.blocks.iter().enumerate() {
                if body.as_ref().is_none_or(|body| body[b]) {
                    data.insts.iter().for_each(|inst| inst.op.for_each_def(|v| assigned[v.0 as usize] = true));
                }
            }
            cfg.assigned_in_loop[header] =
                (0..assigned.len()).filter(|&v| assigned[v]).map(|v| Var(v as u32)).collect();
            cfg.loops[header] = Some(body);
        }
        cfg
    }

    fn is_back_edge(&self, from: usize, to: usize) -> bool {
        self.order[from] != usize::MAX && self.order[to] <= self.order[from]
    }

    fn latches(&self, header: usize) -> Vec<usize> {
        self.predecessors[header].iter().copied().filter(|&p| self.is_back_edge(p, header)).collect()
    }

    /// The natural loop of `header`: the blocks that reach a latch without passing the
    /// header. `None` when a block of it is entered from outside other than at the header.
    fn loop_body(&self, header: usize, latches: &[usize]) -> Option<Vec<bool>> {
        let body = self.natural_loop(header, latches);
        let single_entry = (0..body.len())
            .filter(|&b| body[b] && b != header)
            .all(|b| self.predecessors[b].iter().all(|&p| body[p] || self.order[p] == usize::MAX));
        single_entry.then_some(body)
    }

    /// The blocks that reach one of `latches` without passing `header`, and the header.
    fn natural_loop(&self, header: usize, latches: &[usize]) -> Vec<bool> {
        let mut body = vec![false; self.successors.len()];
        body[header] = true;
        let mut stack: Vec<usize> = latches.to_vec();
        while let Some(block) = stack.pop() {
            if !body[block] {
                body[block] = true;
                stack.extend(self.predecessors[block].iter().copied().filter(|&p| self.order[p] != usize::MAX));
            }
        }
        body
    }

    /// Whether `block` lies on every path from the loop's header to each of its latches.
    fn dominates_latches(&self, block: usize, header: usize, body: &[bool]) -> bool {
        if block == header {
            return true;
        }
        // Walk the body from the header without entering `block`: no latch may be reached.
        let latches = self.latches(header);
        let mut seen = vec![false; body.len()];
        let mut stack = vec![header];
        seen[header] = true;
        while let Some(at) = stack.pop() {
            for &next in &self.successors[at] {
                if next == header && latches.contains(&at) {
                    return false;
                }
                if body[next] && next != block && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        true
    }
}

/// Facts a block's walk keeps about the variables it just defined, valid until one of
/// the variables named is assigned again.
#[derive(Default, Clone)]
struct Recent {
    /// `cond` holds `lhs cc rhs`.
    compares: Vec<(Var, IntCC, Var, Var)>,
    /// `overflow` is the flag of `dst = lhs op rhs`, whose exact result lies in the range.
    overflows: Vec<(Var, Var, Range)>,
    /// `dst = a - b`, which did not wrap: a comparison of `a` and `b` gives its sign.
    differences: Vec<(Var, Var, Var)>,
}

impl Recent {
    fn assigned(&mut self, var: Var) {
        self.compares.retain(|&(c, _, l, r)| c != var && l != var && r != var);
        self.overflows.retain(|&(o, d, _)| o != var && d != var);
        self.differences.retain(|&(d, a, b)| d != var && a != var && b != var);
    }

    fn compare(&self, cond: Var) -> Option<(IntCC, Var, Var)> {
        self.compares.iter().find(|c| c.0 == cond).map(|&(_, cc, l, r)| (cc, l, r))
    }
}

/// Narrows `state` to where `lhs cc rhs` is `truth`; false when no value satisfies it.
fn refine(state: &mut [Range], cc: IntCC, lhs: Var, rhs: Var, truth: bool) -> bool {
    let cc = if truth { cc } else { negate(cc) };
    let (a, b) = (state[lhs.0 as usize], state[rhs.0 as usize]);
    let (a, b) = match cc {
        IntCC::Eq => {
            let both = Range { lo: a.lo.max(b.lo), hi: a.hi.min(b.hi) };
            (both, both)
        }
        IntCC::Ne => match (a.constant(), b.constant()) {
            (_, Some(c)) => (shave(a, c), b),
            (Some(c), _) => (a, shave(b, c)),
            _ => (a, b),
        },
        IntCC::Slt => (Range { hi: a.hi.min(b.hi - 1), ..a }, Range { lo: b.lo.max(a.lo + 1), ..b }),
        IntCC::Sle => (Range { hi: a.hi.min(b.hi), ..a }, Range { lo: b.lo.max(a.lo), ..b }),
        IntCC::Sgt => (Range { lo: a.lo.max(b.lo + 1), ..a }, Range { hi: b.hi.min(a.hi - 1), ..b }),
        IntCC::Sge => (Range { lo: a.lo.max(b.lo), ..a }, Range { hi: b.hi.min(a.hi), ..b }),
        // Unsigned comparisons narrow only operands known not negative.
        IntCC::Ult | IntCC::Ule | IntCC::Ugt | IntCC::Uge if a.nonnegative() && b.nonnegative() => {
            let signed = match cc {
                IntCC::Ult => IntCC::Slt,
                IntCC::Ule => IntCC::Sle,
                IntCC::Ugt => IntCC::Sgt,
                _ => IntCC::Sge,
            };
            return refine(state, signed, lhs, rhs, true);
        }
        _ => (a, b),
    };
    if a.lo > a.hi || b.lo > b.hi {
        return false;
    }
    state[lhs.0 as usize] = a;
    state[rhs.0 as usize] = b;
    true
}

/// `range` without the value `c` when `c` is one of its ends.
fn shave(range: Range, c: i128) -> Range {
    match (range.lo == c, range.hi == c) {
        (true, _) => Range { lo: c + 1, ..range },
        (_, true) => Range { hi: c - 1, ..range },
        _ => range,
    }
}

fn negate(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Eq => IntCC::Ne,
        IntCC::Ne => IntCC::Eq,
        IntCC::Slt => IntCC::Sge,
        IntCC::Sle => IntCC::Sgt,
        IntCC::Sgt => IntCC::Sle,
        IntCC::Sge => IntCC::Slt,
        IntCC::Ult => IntCC::Uge,
        IntCC::Ule => IntCC::Ugt,
        IntCC::Ugt => IntCC::Ule,
        IntCC::Uge => IntCC::Ult,
    }
}

fn swap(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Slt => IntCC::Sgt,
        IntCC::Sle => IntCC::Sge,
        IntCC::Sgt => IntCC::Slt,
        IntCC::Sge => IntCC::Sle,
        IntCC::Ult => IntCC::Ugt,
        IntCC::Ule => IntCC::Uge,
        IntCC::Ugt => IntCC::Ult,
        IntCC::Uge => IntCC::Ule,
        same => same,
    }
}

/// The comparison's outcome when the ranges decide it.
fn decide(cc: IntCC, a: Range, b: Range) -> Option<bool> {
    let signed = |cc| match cc {
        IntCC::Eq if a.constant().is_some() && a == b => Some(true),
        IntCC::Eq | IntCC::Ne if a.hi < b.lo || b.hi < a.lo => Some(cc == IntCC::Ne),
        IntCC::Ne if a.constant().is_some() && a == b => Some(false),
        IntCC::Slt if a.hi < b.lo => Some(true),
        IntCC::Slt if a.lo >= b.hi => Some(false),
        IntCC::Sle if a.hi <= b.lo => Some(true),
        IntCC::Sle if a.lo > b.hi => Some(false),
        IntCC::Sgt if a.lo > b.hi => Some(true),
        IntCC::Sgt if a.hi <= b.lo => Some(false),
        IntCC::Sge if a.lo >= b.hi => Some(true),
        IntCC::Sge if a.hi < b.lo => Some(false),
        _ => None,
    };
    match cc {
        IntCC::Ult | IntCC::Ule | IntCC::Ugt | IntCC::Uge => {
            if !(a.nonnegative() && b.nonnegative()) {
                return None;
            }
            signed(match cc {
                IntCC::Ult => IntCC::Slt,
                IntCC::Ule => IntCC::Sle,
                IntCC::Ugt => IntCC::Sgt,
                _ => IntCC::Sge,
            })
        }
        _ => signed(cc),
    }
}

/// The exact result of an overflow-checked operation, before any wrapping.
fn exact(op: OverflowOp, a: Range, b: Range) -> Range {
    match op {
        OverflowOp::Sadd => a.add(b),
        OverflowOp::Ssub => a.sub(b),
        OverflowOp::Smul => a.mul(b),
    }
}

/// The exact result of `lhs op rhs` with the operands' ranges from `get`: a square is
/// not negative.
fn checked_result(op: OverflowOp, lhs: Var, rhs: Var, get: &dyn Fn(Var) -> Range) -> Range {
    if op == OverflowOp::Smul && lhs == rhs {
        square(get(lhs))
    } else {
        exact(op, get(lhs), get(rhs))
    }
}

fn square(a: Range) -> Range {
    let (small, large) = if a.lo >= 0 {
        (a.lo, a.hi)
    } else if a.hi <= 0 {
        (-a.hi, -a.lo)
    } else {
        (0, (-a.lo).max(a.hi))
    };
    Range { lo: small * small, hi: large * large }
}

/// The range of a binary operation's result.
fn binary(op: BinaryOp, ty: MType, a: Range, b: Range) -> Range {
    let full = Range::full(ty);
    if ty == MType::I1 {
        return match (op, a.constant(), b.constant()) {
            (BinaryOp::Band, Some(0), _) | (BinaryOp::Band, _, Some(0)) => Range::exact(0),
            (BinaryOp::Bor, Some(1), _) | (BinaryOp::Bor, _, Some(1)) => Range::exact(1),
            (BinaryOp::Band, Some(x), Some(y)) => Range::exact(x & y),
            (BinaryOp::Bor, Some(x), Some(y)) => Range::exact(x | y),
            (BinaryOp::Bxor, Some(x), Some(y)) => Range::exact(x ^ y),
            _ => full,
        };
    }
    if ty != MType::I64 {
        return full;
    }
    let within = |r: Range| r.or_full(ty);
    match op {
        BinaryOp::Iadd => within(a.add(b)),
        BinaryOp::Isub => within(a.sub(b)),
        BinaryOp::Imul => within(a.mul(b)),
        // Truncating division by a divisor the lowering proved non-zero (and not -1 with
        // MIN): the quotient's magnitude is at most the dividend's.
        BinaryOp::Sdiv if b.lo > 0 => {
            // Truncation toward zero: a smaller divisor moves the quotient away from zero.
            let lo = if a.lo >= 0 { a.lo / b.hi } else { a.lo / b.lo };
            let hi = if a.hi >= 0 { a.hi / b.lo } else { a.hi / b.hi };
            Range { lo, hi }
        }
        BinaryOp::Udiv if a.nonnegative() && b.lo > 0 => Range { lo: a.lo / b.hi, hi: a.hi / b.lo },
        BinaryOp::Srem if b.lo > 0 => {
            let limit = b.hi - 1;
            if a.nonnegative() {
                Range { lo: 0, hi: a.hi.min(limit) }
            } else if a.hi <= 0 {
                Range { lo: a.lo.max(-limit), hi: 0 }
            } else {
                Range { lo: -limit, hi: limit }
            }
        }
        BinaryOp::Urem if a.nonnegative() && b.lo > 0 => Range { lo: 0, hi: a.hi.min(b.hi - 1) },
        BinaryOp::Urem if b.lo > 0 => Range { lo: 0, hi: b.hi - 1 },
        BinaryOp::Band if a.nonnegative() && b.nonnegative() => Range { lo: 0, hi: a.hi.min(b.hi) },
        BinaryOp::Band if a.nonnegative() => Range { lo: 0, hi: a.hi },
        BinaryOp::Band if b.nonnegative() => Range { lo: 0, hi: b.hi },
        BinaryOp::Bor | BinaryOp::Bxor if a.nonnegative() && b.nonnegative() => {
            let top = a.hi.max(b.hi);
            let mask = if top == 0 { 0 } else { (1i128 << (128 - top.leading_zeros())) - 1 };
            Range { lo: if op == BinaryOp::Bor { a.lo.max(b.lo) } else { 0 }, hi: mask }
        }
        BinaryOp::Sshr if b.lo >= 0 && b.hi <= 63 => {
            Range { lo: a.lo >> (if a.lo < 0 { b.lo } else { b.hi }), hi: a.hi >> (if a.hi < 0 { b.hi } else { b.lo }) }
        }
        BinaryOp::Ushr if a.nonnegative() && b.lo >= 0 && b.hi <= 63 => Range { lo: a.lo >> b.hi, hi: a.hi >> b.lo },
        BinaryOp::Ishl if a.nonnegative() && b.lo >= 0 && b.hi <= 63 => {
            within(Range { lo: a.lo << b.lo, hi: a.hi << b.hi })
        }
        _ => full,
    }
}

fn unary(op: UnaryOp, ty: MType, arg_ty: MType, a: Range) -> Range {
    match op {
        UnaryOp::Ineg if ty == MType::I64 => Range { lo: -a.hi, hi: -a.lo }.or_full(ty),
        UnaryOp::Iabs if ty == MType::I64 => {
            let r = if a.nonnegative() {
                a
            } else if a.hi <= 0 {
                Range { lo: -a.hi, hi: -a.lo }
            } else {
                Range { lo: 0, hi: (-a.lo).max(a.hi) }
            };
            r.or_full(ty)
        }
        UnaryOp::Bnot if ty == MType::I1 => Range { lo: 1 - a.hi, hi: 1 - a.lo },
        UnaryOp::Bnot if ty == MType::I64 => Range { lo: -a.hi - 1, hi: -a.lo - 1 },
        UnaryOp::Uextend if arg_ty != MType::I64 => a,
        UnaryOp::Ireduce if Range::full(ty).contains(a) => a,
        _ => Range::full(ty),
    }
}

/// The walk of one block: applies each instruction to `state`, and tells `on_inst` what
/// it knew just before each one (for the rewrite) and `on_edge` each state leaving the
/// block (at a tier-up exit, and at the terminator, per successor, narrowed by the
/// branch's condition; `None` for a successor the branch never takes).
fn walk_block(
    function: &Function,
    block: &BlockData,
    state: &mut [Range],
    mut on_inst: impl FnMut(usize, &[Range]),
    mut on_edge: impl FnMut(usize, Option<&[Range]>),
) {
    let mut recent = Recent::default();
    // What each instruction defines, kept across instructions (no allocation per one).
    let mut defined: Vec<(Var, Range)> = Vec::with_capacity(4);
    for (index, inst) in block.insts.iter().enumerate() {
        on_inst(index, state);
        match &inst.op {
            Op::ExitIf { cond, exit } => {
                if let Exit::TierUp(resume) = exit {
                    // The next tier resumes with this state when the condition holds.
                    narrowed(state, &recent, *cond, true, |taken| {
                        if taken.is_some() {
                            on_edge(resume.0 as usize, taken)
                        }
                    });
                }
                if !narrow(state, &recent, *cond, false) {
                    // The exit always leaves: nothing after it runs.
                    for next in block.terminator.successors() {
                        on_edge(next.0 as usize, None);
                    }
                    return;
                }
                if let Some(&(_, dst, result)) = recent.overflows.iter().find(|o| o.0 == *cond) {
                    state[dst.0 as usize] = result;
                }
            }
            Op::Select { dst, cond, if_true, if_false } if state[cond.0 as usize].constant().is_none() => {
                // Each side as the condition leaves it (`max(0, stop - start)` is not
                // negative).
                let affected = |var: Var| {
                    recent.compare(*cond).is_some_and(|(_, l, r)| {
                        var == l || var == r || recent.differences.iter().any(|&(d, ..)| d == var)
                    })
                };
                let mut side = |truth: bool, var: Var| {
                    if !affected(var) {
                        return Some(state[var.0 as usize]);
                    }
                    let mut value = None;
                    narrowed(state, &recent, *cond, truth, |taken| value = taken.map(|t| t[var.0 as usize]));
                    value
                };
                let value = match (side(true, *if_true), side(false, *if_false)) {
                    (Some(a), Some(b)) => a.join(b),
                    (Some(a), None) => a,
                    (None, Some(b)) => b,
                    (None, None) => state[if_true.0 as usize].join(state[if_false.0 as usize]),
                };
                recent.assigned(*dst);
                state[dst.0 as usize] = value;
            }
            op => {
                defined.clear();
                op.for_each_def(|v| defined.push((v, defined_range(function, op, v, &|u| state[u.0 as usize]))));
                let compare = match op {
                    Op::Copy { src, .. } => recent.compare(*src),
                    Op::Icmp { cc, lhs, rhs, .. } if function.ty(*lhs) == MType::I64 => Some((*cc, *lhs, *rhs)),
                    _ => None,
                };
                let overflow = match op {
                    Op::Overflow { op, dst, overflow, lhs, rhs } => {
                        let result = checked_result(*op, *lhs, *rhs, &|v| state[v.0 as usize]);
                        let clipped = Range { lo: result.lo.max(I64_FULL.lo), hi: result.hi.min(I64_FULL.hi) };
                        (!I64_FULL.contains(result) && clipped.lo <= clipped.hi).then_some((*overflow, *dst, clipped))
                    }
                    _ => None,
                };
                for &(v, value) in &defined {
                    recent.assigned(v);
                    state[v.0 as usize] = value;
                }
                if let (Some((cc, l, r)), Some(&(dst, _))) = (compare, defined.first()) {
                    if dst != l && dst != r {
                        recent.compares.push((dst, cc, l, r));
                    }
                }
                recent.overflows.extend(overflow);
                if let Op::Binary { op: BinaryOp::Isub, dst, lhs, rhs } = op {
                    let wrapped = state[dst.0 as usize] == I64_FULL;
                    if function.ty(*dst) == MType::I64 && !wrapped && dst != lhs && dst != rhs {
                        recent.differences.push((*dst, *lhs, *rhs));
                    }
                }
            }
        }
    }
    match &block.terminator {
        Terminator::Jump(target) => on_edge(target.0 as usize, Some(state)),
        Terminator::Brif { cond, then, otherwise } => {
            for (target, truth) in [(then, true), (otherwise, false)] {
                narrowed(state, &recent, *cond, truth, |taken| on_edge(target.0 as usize, taken));
            }
        }
        Terminator::Return(_) | Terminator::Exit(_) => {}
    }
}

/// The range `op` gives its definition `dst`, its operands having `get`'s ranges (an
/// overflow check's result is its exact value only when it cannot overflow).
fn defined_range(function: &Function, op: &Op, dst: Var, get: &dyn Fn(Var) -> Range) -> Range {
    let ty = function.ty(dst);
    match op {
        Op::Iconst { value, .. } => match ty {
            MType::I1 => Range::exact(i128::from(*value & 1)),
            MType::I8 => Range::exact(i128::from(*value as u8)),
            MType::I64 => Range::exact(i128::from(*value)),
            other => Range::full(other),
        },
        Op::Copy { src, .. } => get(*src),
        Op::Unary { op, arg, .. } => unary(*op, ty, function.ty(*arg), get(*arg)),
        Op::Binary { op: BinaryOp::Imul, lhs, rhs, .. } if lhs == rhs && ty == MType::I64 => {
            square(get(*lhs)).or_full(ty)
        }
        Op::Binary { op, lhs, rhs, .. } => binary(*op, ty, get(*lhs), get(*rhs)),
        Op::Icmp { cc, lhs, rhs, .. } if function.ty(*lhs) == MType::I64 => match decide(*cc, get(*lhs), get(*rhs)) {
            Some(truth) => Range::exact(i128::from(truth)),
            None => Range::full(MType::I1),
        },
        Op::Select { cond, if_true, if_false, .. } => match get(*cond).constant() {
            Some(1) => get(*if_true),
            Some(_) => get(*if_false),
            None => get(*if_true).join(get(*if_false)),
        },
        Op::Overflow { op, dst: result, lhs, rhs, .. } => {
            let exact = checked_result(*op, *lhs, *rhs, get);
            match (I64_FULL.contains(exact), dst == *result) {
                (true, true) => exact,
                (true, false) => Range::exact(0),
                (false, _) => Range::full(ty),
            }
        }
        _ => Range::full(ty),
    }
}

/// Calls `f` with `state` narrowed to where `cond` is `truth` (`None` when it never is),
/// then puts `state` back as it was: narrowing changes a few variables, and copying the
/// whole state per branch would cost more than the analysis.
fn narrowed(state: &mut [Range], recent: &Recent, cond: Var, truth: bool, f: impl FnOnce(Option<&[Range]>)) {
    // The condition and its comparison's operands, saved on the stack; the differences
    // narrowing may also change (rarely any) in a vector.
    let compared = recent.compare(cond).map(|(_, lhs, rhs)| (lhs, rhs));
    let operands = compared.map_or([cond; 3], |(lhs, rhs)| [cond, lhs, rhs]);
    let saved = operands.map(|v| state[v.0 as usize]);
    let differences: Vec<(Var, Range)> = match compared {
        Some(_) => recent.differences.iter().map(|d| (d.0, state[d.0 .0 as usize])).collect(),
        None => Vec::new(),
    };
    let feasible = narrow(state, recent, cond, truth);
    f(feasible.then_some(&*state));
    for &(v, value) in differences.iter().rev() {
        state[v.0 as usize] = value;
    }
    for (v, value) in operands.iter().zip(saved).rev() {
        state[v.0 as usize] = value;
    }
}

/// Narrows `state` to where `cond` is `truth` (and what its comparison then says).
fn narrow(state: &mut [Range], recent: &Recent, cond: Var, truth: bool) -> bool {
    let value = state[cond.0 as usize];
    let wanted = i128::from(truth);
    if !(value.lo <= wanted && wanted <= value.hi) {
        return false;
    }
    state[cond.0 as usize] = Range::exact(wanted);
    let Some((cc, lhs, rhs)) = recent.compare(cond) else { return true };
    if !refine(state, cc, lhs, rhs, truth) {
        return false;
    }
    // `lhs - rhs` by what the comparison says of its sign.
    let cc = if truth { cc } else { negate(cc) };
    let sign = match cc {
        IntCC::Eq => Range::exact(0),
        IntCC::Slt => Range { lo: I64_FULL.lo, hi: -1 },
        IntCC::Sle => Range { lo: I64_FULL.lo, hi: 0 },
        IntCC::Sgt => Range { lo: 1, hi: I64_FULL.hi },
        IntCC::Sge => Range { lo: 0, hi: I64_FULL.hi },
        _ => return true,
    };
    for &(d, a, b) in &recent.differences {
        let wanted = if (a, b) == (lhs, rhs) {
            sign
        } else if (a, b) == (rhs, lhs) {
            Range { lo: -sign.hi, hi: -sign.lo }
        } else {
            continue;
        };
        let now = state[d.0 as usize];
        let narrowed = Range { lo: now.lo.max(wanted.lo), hi: now.hi.min(wanted.hi) };
        if narrowed.lo > narrowed.hi {
            return false;
        }
        state[d.0 as usize] = narrowed;
    }
    true
}

/// How far the analysis goes before giving up (it then proves nothing): functions past
/// this many block-entry ranges, widenings per loop header, and rounds of re-checking
/// the trip-count bounds.
const LARGEST_ANALYZED: usize = 4_000_000;
const WIDENINGS_BEFORE_GIVING_UP: u32 = 16;
const CHECKS_BEFORE_GIVING_UP: u32 = 4;
/// Plain joins at a loop header before its changing variables are widened.
const JOINS_BEFORE_WIDENING: u32 = 2;

/// The ranges of `function`'s variables at each block's entry, its parameters taking
/// `params` (one per parameter). `None` when the function is too big to analyze or the
/// analysis did not settle.
pub fn analyze(function: &Function, params: &[Range]) -> Option<Ranges> {
    let (n, vars) = (function.blocks.len(), function.vars.len());
    if n.saturating_mul(vars) > LARGEST_ANALYZED || n == 0 {
        return None;
    }
    let cfg = Cfg::new(function);
    let slots = Slots::new(function);
    let mut analysis = Analysis {
        function,
        cfg: &cfg,
        slots: &slots,
        scratch: function.vars.iter().map(|&ty| Range::full(ty)).collect(),
        at_entry: vec![None; n],
        from_outside: vec![None; n],
        joins: vec![0; n],
        widenings: vec![0; n],
        stepped: vec![Vec::new(); n],
        unsteppable: vec![Vec::new(); n],
    };
    let mut first = analysis.scratch.clone();
    for (param, range) in function.params.iter().zip(params) {
        first[param.0 as usize] = *range;
    }
    analysis.at_entry[0] = Some(slots.project(&first));
    let mut pending: std::collections::BTreeSet<usize> = [0].into();
    for round in 0..CHECKS_BEFORE_GIVING_UP {
        analysis.run(pending)?;
        pending = analysis.recheck_steps(round);
        if pending.is_empty() {
            let kept = std::mem::take(&mut analysis.at_entry);
            return Some(Ranges { slots, kept, base: first });
        }
    }
    None
}

/// The variables whose ranges are kept at block entries: the ints live at some block's
/// entry (a variable written before it is read in every block that reads it has no
/// range worth keeping there). Ranges between blocks are kept in this order.
struct Slots {
    carried: Vec<Var>,
    slot_of: Vec<u32>,
}

impl Slots {
    fn new(function: &Function) -> Slots {
        let mut live = vec![false; function.vars.len()];
        for block in function.live_ins() {
            for v in block {
                live[v.0 as usize] = true;
            }
        }
        for &p in &function.params {
            live[p.0 as usize] = true;
        }
        let carried: Vec<Var> = (0..live.len())
            .filter(|&v| live[v] && function.vars[v] != MType::F64 && function.vars[v] != MType::Ptr)
            .map(|v| Var(v as u32))
            .collect();
        let mut slot_of = vec![u32::MAX; live.len()];
        for (slot, v) in carried.iter().enumerate() {
            slot_of[v.0 as usize] = slot as u32;
        }
        Slots { carried, slot_of }
    }

    fn slot(&self, var: Var) -> Option<usize> {
        self.slot_of.get(var.0 as usize).filter(|&&s| s != u32::MAX).map(|&s| s as usize)
    }

    fn project<T: Copy>(&self, dense: &[T]) -> Vec<T> {
        self.carried.iter().map(|v| dense[v.0 as usize]).collect()
    }

    fn load<T: Copy>(&self, kept: &[T], dense: &mut [T]) {
        for (v, value) in self.carried.iter().zip(kept) {
            dense[v.0 as usize] = *value;
        }
    }

    /// Joins the kept variables' ranges of `dense` (every variable's) into `kept`;
    /// whether it grew.
    fn join_into(&self, kept: &mut [Range], dense: &[Range]) -> bool {
        let mut grew = false;
        for (mine, v) in kept.iter_mut().zip(&self.carried) {
            let joined = mine.join(dense[v.0 as usize]);
            grew |= joined != *mine;
            *mine = joined;
        }
        grew
    }

    fn expand(&self, kept: &[Range], base: &[Range]) -> Vec<Range> {
        let mut dense = base.to_vec();
        self.load(kept, &mut dense);
        dense
    }
}

struct Analysis<'f> {
    function: &'f Function,
    cfg: &'f Cfg,
    slots: &'f Slots,
    /// Every variable's range during a block's walk (kept between walks: a variable not
    /// kept between blocks is written before it is read).
    scratch: Vec<Range>,
    /// Per block, the kept variables' ranges on entry (`None`: not reached yet).
    at_entry: Vec<Option<Vec<Range>>>,
    /// At loop headers: the join of what enters from outside the loop.
    from_outside: Vec<Option<Vec<Range>>>,
    joins: Vec<u32>,
    widenings: Vec<u32>,
    /// At loop headers: the slots whose range is their entry range plus trips times
    /// their step (what the back edges bring is then not joined in: the bound covers it).
    stepped: Vec<Vec<usize>>,
    /// At loop headers: slots whose trip-count bound did not hold up on re-checking.
    unsteppable: Vec<Vec<usize>>,
}

/// A loop's trip-count facts: the most trips per entry, each slot's step per trip, and
/// the slots' ranges entering from outside.
type LoopSteps = (i128, Vec<Option<Range>>, Vec<Range>);

impl Analysis<'_> {
    fn ty(&self, slot: usize) -> MType {
        self.function.ty(self.slots.carried[slot])
    }

    /// Runs the worklist (block positions in reverse post-order) to a fixed point.
    fn run(&mut self, mut pending: std::collections::BTreeSet<usize>) -> Option<()> {
        let n = self.function.blocks.len();
        let function = self.function;
        // The walk's state is taken out of `self` so that each edge joins straight from it
        // (no copy of the kept ranges per edge: this loop is most of a compile's analysis).
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut gave_up = false;
        while let Some(position) = pending.pop_first() {
            let block = self.cfg.rpo[position];
            let Some(entry) = &self.at_entry[block] else { continue };
            self.slots.load(entry, &mut scratch);
            walk_block(
                function,
                &function.blocks[block],
                &mut scratch,
                |_, _| {},
                |to, state| {
                    let Some(state) = state.filter(|_| to < n && !gave_up) else { return };
                    match self.arrive(block, to, state) {
                        Some(true) => {
                            pending.insert(self.cfg.order[to]);
                        }
                        Some(false) => {}
                        None => gave_up = true,
                    }
                },
            );
            if gave_up {
                self.scratch = scratch;
                return None;
            }
        }
        self.scratch = scratch;
        Some(())
    }

    /// Joins the kept ranges of `state` (every variable's, along `from -> to`) into
    /// `to`'s entry; whether it changed. `None` when a header has been widened too often
    /// (the analysis gives up).
    fn arrive(&mut self, from: usize, to: usize, state: &[Range]) -> Option<bool> {
        let header = self.cfg.loops[to].is_some();
        let back = header && self.cfg.is_back_edge(from, to);
        if header && !back {
            match &mut self.from_outside[to] {
                Some(outside) => {
                    self.slots.join_into(outside, state);
                }
                None => self.from_outside[to] = Some(self.slots.project(state)),
            }
        }
        let Some(old) = &mut self.at_entry[to] else {
            self.at_entry[to] = Some(self.slots.project(state));
            return Some(true);
        };
        if !header {
            return Some(self.slots.join_into(old, state));
        }
        let mut joined = old.clone();
        self.slots.join_into(&mut joined, state);
        if back {
            for &slot in &self.stepped[to] {
                joined[slot] = old[slot];
            }
        }
        if joined == *old {
            return Some(false);
        }
        self.joins[to] += 1;
        if self.joins[to] <= JOINS_BEFORE_WIDENING {
            *old = joined;
            return Some(true);
        }
        self.widenings[to] += 1;
        if self.widenings[to] > WIDENINGS_BEFORE_GIVING_UP {
            return None;
        }
        let old = old.clone();
        let widened = self.widen(to, &old, &joined, state);
        let changed = widened != old;
        self.at_entry[to] = Some(widened);
        Some(changed)
    }

    /// The header's new entry ranges when `joined` grew past `old`: a variable the loop
    /// steps by a bounded amount gets its entry range plus trips times the step; any
    /// other that grew gets its type's full range.
    fn widen(&mut self, header: usize, old: &[Range], joined: &[Range], state: &[Range]) -> Vec<Range> {
        let steps = self.loop_steps(header, joined, state);
        let mut widened = old.to_vec();
        for (slot, (&before, &now)) in old.iter().zip(joined).enumerate() {
            if before.contains(now) {
                continue;
            }
            let bounded = steps
                .as_ref()
                .filter(|_| !self.unsteppable[header].contains(&slot))
                .and_then(|steps| stepped_range(steps, slot))
                .map(|range| range.join(now));
            widened[slot] = match bounded {
                Some(range) => {
                    if !self.stepped[header].contains(&slot) {
                        self.stepped[header].push(slot);
                    }
                    range
                }
                None => {
                    // Interval widening: the bound that moved goes to its type's end; the
                    // one that held stays (`i += 1` from 2 stays at least 2).
                    self.stepped[header].retain(|&s| s != slot);
                    let full = Range::full(self.ty(slot));
                    Range {
                        lo: if now.lo < before.lo { full.lo } else { before.lo },
                        hi: if now.hi > before.hi { full.hi } else { before.hi },
                    }
                }
            };
        }
        widened
    }

    /// Checks each trip-count bound against the ranges the analysis settled on (a step
    /// may depend on ranges that grew after the bound was set). A bound that no longer
    /// covers its variable grows with it, or in the last rounds is dropped (the variable
    /// is widened in full); returns the headers to run again from.
    fn recheck_steps(&mut self, round: u32) -> std::collections::BTreeSet<usize> {
        let mut again = std::collections::BTreeSet::new();
        for header in 0..self.function.blocks.len() {
            if self.stepped[header].is_empty() {
                continue;
            }
            let Some(at_header) = self.at_entry[header].clone() else { continue };
            let steps = self.loop_steps(header, &at_header, &self.scratch);
            let stepped = std::mem::take(&mut self.stepped[header]);
            let mut state = at_header.clone();
            for slot in stepped {
                let formula = steps.as_ref().and_then(|steps| stepped_range(steps, slot));
                if formula.is_some_and(|range| at_header[slot].contains(range)) {
                    self.stepped[header].push(slot);
                } else if let Some(range) = formula.filter(|_| round + 2 < CHECKS_BEFORE_GIVING_UP) {
                    // The entry grew after the bound was set: the bound grows with it.
                    self.stepped[header].push(slot);
                    state[slot] = at_header[slot].join(range);
                } else {
                    self.unsteppable[header].push(slot);
                    state[slot] = Range::full(self.ty(slot));
                }
            }
            if state != at_header {
                self.at_entry[header] = Some(state);
                again.insert(self.cfg.order[header]);
            }
        }
        again
    }

    /// For a loop with one entry and a counted number of trips: the most times its back
    /// edges are taken per entry, each slot's step per trip (when every back edge brings
    /// `v@header + step`), and the ranges entering from outside.
    fn loop_steps(&self, header: usize, at_header: &[Range], state: &[Range]) -> Option<LoopSteps> {
        let body = self.cfg.loops[header].as_ref()?.as_ref()?;
        let outside = self.from_outside[header].clone()?;
        let walk = RelativeWalk::run(self, header, body, at_header, state);
        let steps: Vec<Option<Range>> = (0..self.slots.carried.len())
            .map(|slot| {
                let mut step: Option<Range> = None;
                for syms in &walk.at_back_edges {
                    match syms[slot] {
                        Sym::Rel(base, off) if base == self.slots.carried[slot].0 => {
                            step = Some(step.map_or(off, |s| s.join(off)))
                        }
                        _ => return None,
                    }
                }
                step
            })
            .collect();
        let trips = walk.trips(self, header, body, &steps, &outside)?;
        Some((trips, steps, outside))
    }
}

/// A stepped slot's range: its entry range plus trips times its step, when that fits.
fn stepped_range((trips, steps, outside): &LoopSteps, slot: usize) -> Option<Range> {
    let range = outside[slot].add(steps[slot]?.scaled(*trips));
    I64_FULL.contains(range).then_some(range)
}

/// A value relative to the loop header: `base@header + offset` (exact arithmetic), or a
/// range of its own.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sym {
    Rel(u32, Range),
    Abs(Range),
}

/// One walk of a loop body in terms of the header's values.
struct RelativeWalk {
    /// The kept variables' symbols along each back edge.
    at_back_edges: Vec<Vec<Sym>>,
    /// The conditions of the body's branches that leave the loop: the block, the
    /// comparison as symbols, and whether `true` stays in the loop.
    tests: Vec<(usize, IntCC, Sym, Sym, bool)>,
}

impl RelativeWalk {
    /// `state` gives the variables not kept between blocks (each block writes them
    /// before reading them, so their values do not matter).
    fn run(analysis: &Analysis, header: usize, body: &[bool], header_slots: &[Range], state: &[Range]) -> RelativeWalk {
        let function = analysis.function;
        let cfg = analysis.cfg;
        let slots = analysis.slots;
        let n = function.blocks.len();
        let at_header = slots.expand(header_slots, state);
        let mut syms: Vec<Sym> = (0..function.vars.len())
            .map(|v| match function.vars[v] {
                MType::I64 => Sym::Rel(v as u32, Range::exact(0)),
                ty => Sym::Abs(Range::full(ty)),
            })
            .collect();
        let mut at_entry: Vec<Option<Vec<Sym>>> = vec![None; n];
        at_entry[header] = Some(slots.project(&syms));
        let mut walk = RelativeWalk { at_back_edges: Vec::new(), tests: Vec::new() };
        // Per block and per instruction, kept across them (no allocation per one).
        let mut compares: Vec<(Var, IntCC, Sym, Sym)> = Vec::new();
        let mut overflows: Vec<(Var, Var, Sym)> = Vec::new();
        let mut defined: Vec<(Var, Sym)> = Vec::with_capacity(4);
        let merge = |slot_state: &mut Option<Vec<Sym>>, incoming: Vec<Sym>| match slot_state {
            None => *slot_state = Some(incoming),
            Some(existing) => {
                for (slot, (mine, theirs)) in existing.iter_mut().zip(incoming).enumerate() {
                    *mine = match (*mine, theirs) {
                        (Sym::Rel(a, x), Sym::Rel(b, y)) if a == b => Sym::Rel(a, x.join(y)),
                        (x, y) => {
                            let ty = function.ty(slots.carried[slot]);
                            Sym::Abs(to_range(x, &at_header, ty).join(to_range(y, &at_header, ty)))
                        }
                    };
                }
            }
        };
        for &block in &cfg.rpo[cfg.order[header]..] {
            if !body[block] {
                continue;
            }
            let Some(entry) = at_entry[block].take() else { continue };
            slots.load(&entry, &mut syms);
            if block != header && cfg.loops[block].is_some() {
                // An inner loop: what it assigns is known only as the ranges the analysis
                // has at its header (every variable, for a loop with several entries).
                let inner_ranges = analysis.at_entry[block].as_ref();
                for &v in &cfg.assigned_in_loop[block] {
                    let range = match (inner_ranges, slots.slot(v)) {
                        (Some(r), Some(slot)) => r[slot],
                        _ => Range::full(function.ty(v)),
                    };
                    syms[v.0 as usize] = Sym::Abs(range);
                }
            }
            compares.clear();
            overflows.clear();
            let mut left = false;
            for inst in &function.blocks[block].insts {
                let abs = |syms: &[Sym], v: Var| to_range(syms[v.0 as usize], &at_header, function.ty(v));
                defined.clear();
                let mut pending_overflow = None;
                let mut compare = None;
                match &inst.op {
                    Op::ExitIf { cond, exit } => {
                        if let Exit::TierUp(resume) = exit {
                            let to = resume.0 as usize;
                            if to == header {
                                walk.at_back_edges.push(slots.project(&syms));
                            } else if body[to] && cfg.order[to] > cfg.order[block] {
                                merge(&mut at_entry[to], slots.project(&syms));
                            }
                        }
                        if abs(&syms, *cond).lo == 1 {
                            left = true;
                            break;
                        }
                        if let Some(&(_, dst, value)) = overflows.iter().find(|o| o.0 == *cond) {
                            syms[dst.0 as usize] = value;
                        }
                        continue;
                    }
                    Op::Copy { dst, src } => {
                        defined.push((*dst, syms[src.0 as usize]));
                        compare = compares.iter().find(|c| c.0 == *src).map(|&(_, cc, a, b)| (cc, a, b));
                    }
                    Op::Binary { op: op @ (BinaryOp::Iadd | BinaryOp::Isub), dst, lhs, rhs }
                        if function.ty(*dst) == MType::I64 =>
                    {
                        let whole = binary(*op, MType::I64, abs(&syms, *lhs), abs(&syms, *rhs));
                        let operands =
                            ((syms[lhs.0 as usize], abs(&syms, *lhs)), (syms[rhs.0 as usize], abs(&syms, *rhs)));
                        let value = match relative(*op == BinaryOp::Iadd, operands.0, operands.1) {
                            // Wrapping arithmetic is exact when its range did not wrap.
                            Some(rel) if whole != I64_FULL => rel,
                            _ => Sym::Abs(whole),
                        };
                        defined.push((*dst, value));
                    }
                    Op::Overflow { op, dst, overflow, lhs, rhs } => {
                        let result = checked_result(*op, *lhs, *rhs, &|v| abs(&syms, v));
                        let clipped =
                            Sym::Abs(Range { lo: result.lo.max(I64_FULL.lo), hi: result.hi.min(I64_FULL.hi) });
                        let on_success = match op {
                            OverflowOp::Sadd | OverflowOp::Ssub => {
                                let a = (syms[lhs.0 as usize], abs(&syms, *lhs));
                                let b = (syms[rhs.0 as usize], abs(&syms, *rhs));
                                relative(*op == OverflowOp::Sadd, a, b)
                            }
                            OverflowOp::Smul => None,
                        }
                        .unwrap_or(clipped);
                        let fits = I64_FULL.contains(result);
                        defined
                            .push((*overflow, Sym::Abs(if fits { Range::exact(0) } else { Range::full(MType::I1) })));
                        defined.push((*dst, if fits { on_success } else { Sym::Abs(I64_FULL) }));
                        if !fits {
                            pending_overflow = Some((*overflow, *dst, on_success));
                        }
                    }
                    op => {
                        let get = |v: Var| abs(&syms, v);
                        op.for_each_def(|v| defined.push((v, Sym::Abs(defined_range(function, op, v, &get)))));
                        if let Op::Icmp { cc, lhs, rhs, .. } = op {
                            if function.ty(*lhs) == MType::I64 {
                                compare = Some((*cc, syms[lhs.0 as usize], syms[rhs.0 as usize]));
                            }
                        }
                    }
                }
                for &(v, value) in &defined {
                    // One comparison per condition at most (it is removed before another
                    // is pushed for it), so the order of the rest does not matter.
                    if let Some(at) = compares.iter().position(|c| c.0 == v) {
                        compares.swap_remove(at);
                    }
                    if !overflows.is_empty() {
                        overflows.retain(|o| o.0 != v && o.1 != v);
                    }
                    syms[v.0 as usize] = value;
                }
                if let (Some((cc, a, b)), Some(&(dst, _))) = (compare, defined.first()) {
                    compares.push((dst, cc, a, b));
                }
                overflows.extend(pending_overflow);
            }
            if left {
                continue;
            }
            let terminator = &function.blocks[block].terminator;
            if let Terminator::Brif { cond, then, otherwise } = terminator {
                let (stays_then, stays_otherwise) = (body[then.0 as usize], body[otherwise.0 as usize]);
                if stays_then != stays_otherwise {
                    if let Some(&(_, cc, a, b)) = compares.iter().find(|c| c.0 == *cond) {
                        walk.tests.push((block, cc, a, b, stays_then));
                    }
                }
            }
            for next in terminator.successors() {
                let to = next.0 as usize;
                if to == header {
                    walk.at_back_edges.push(slots.project(&syms));
                } else if body[to] && cfg.order[to] > cfg.order[block] {
                    merge(&mut at_entry[to], slots.project(&syms));
                }
            }
        }
        walk
    }

    /// The most times the back edges can be taken per entry of the loop, from a test on
    /// every trip of a counter stepped toward a bound.
    fn trips(
        &self,
        analysis: &Analysis,
        header: usize,
        body: &[bool],
        steps: &[Option<Range>],
        outside: &[Range],
    ) -> Option<i128> {
        self.tests
            .iter()
            .filter(|t| analysis.cfg.dominates_latches(t.0, header, body))
            .filter_map(|&(_, cc, a, b, stays_if_true)| {
                let cc = if stays_if_true { cc } else { negate(cc) };
                let (cc, (counter, off), bound) = match (a, b) {
                    (Sym::Rel(c, off), Sym::Abs(bound)) => (cc, (c, off), bound),
                    (Sym::Abs(bound), Sym::Rel(c, off)) => (swap(cc), (c, off), bound),
                    _ => return None,
                };
                let slot = analysis.slots.slot(Var(counter))?;
                let step = steps[slot]?;
                let start = outside[slot];
                let trips = match cc {
                    // Counting up: `counter + off < bound` holds on every trip.
                    IntCC::Slt | IntCC::Sle if step.lo >= 1 => {
                        let last = if cc == IntCC::Slt { bound.hi - 1 } else { bound.hi };
                        (last - off.lo - start.lo).div_euclid(step.lo) + 1
                    }
                    // Counting down: `counter + off > bound`.
                    IntCC::Sgt | IntCC::Sge if step.hi <= -1 => {
                        let last = if cc == IntCC::Sgt { bound.lo + 1 } else { bound.lo };
                        (start.hi + off.hi - last).div_euclid(-step.hi) + 1
                    }
                    // Counting down by one to a constant it starts at or above.
                    IntCC::Ne if step == Range::exact(-1) && off.lo == off.hi => {
                        let target = bound.constant()?;
                        (start.lo + off.lo >= target).then_some(start.hi + off.lo - target)?
                    }
                    _ => return None,
                };
                Some(trips.max(0))
            })
            .min()
    }
}

/// `a + b` (or `a - b`) relative to the header, keeping one side's base and adding the
/// other's range: when both are relative, the side whose partner has the narrower range
/// (`i + step`: `i`'s).
fn relative(add: bool, (a, range_a): (Sym, Range), (b, range_b): (Sym, Range)) -> Option<Sym> {
    let width = |r: Range| r.hi - r.lo;
    match (a, b) {
        (Sym::Rel(base, off), Sym::Rel(..)) if !add || width(range_b) <= width(range_a) => {
            Some(Sym::Rel(base, if add { off.add(range_b) } else { off.sub(range_b) }))
        }
        (Sym::Rel(..), Sym::Rel(base, off)) => Some(Sym::Rel(base, off.add(range_a))),
        (Sym::Rel(base, off), Sym::Abs(r)) => Some(Sym::Rel(base, if add { off.add(r) } else { off.sub(r) })),
        (Sym::Abs(r), Sym::Rel(base, off)) if add => Some(Sym::Rel(base, off.add(r))),
        _ => None,
    }
}

fn to_range(sym: Sym, at_header: &[Range], ty: MType) -> Range {
    match sym {
        Sym::Abs(r) => r,
        Sym::Rel(base, off) => at_header[base as usize].add(off).or_full(ty),
    }
}

/// The back edges of `function`'s reachable blocks, as (latch, header) pairs, in reverse
/// post-order of their headers.
pub(super) fn back_edges(function: &Function) -> Vec<(usize, usize)> {
    let cfg = Cfg::new(function);
    cfg.rpo.iter().flat_map(|&header| cfg.latches(header).into_iter().map(move |latch| (latch, header))).collect()
}

/// Which blocks lie in some loop.
pub fn blocks_in_loops(function: &Function) -> Vec<bool> {
    let mut inside = vec![false; function.blocks.len()];
    for (_, body) in loops_of(function) {
        inside.iter_mut().zip(body).for_each(|(inside, in_body)| *inside |= in_body);
    }
    inside
}

/// The loops of `function`: each header with the blocks of its natural loop.
pub fn loops_of(function: &Function) -> Vec<(usize, Vec<bool>)> {
    let cfg = Cfg::new(function);
    (0..function.blocks.len())
        .filter(|&header| cfg.loops[header].is_some())
        .map(|header| (header, cfg.natural_loop(header, &cfg.latches(header))))
        .collect()
}

/// What [`simplify`] removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Removed {
    pub overflow_checks: usize,
    pub exits: usize,
    /// Comparisons made constants and selects made copies.
    pub decided: usize,
}

/// Removes the guards `function` cannot fail, its parameters ranging over `params`:
/// overflow checks that cannot overflow become plain arithmetic, exits whose condition
/// is never true go, comparisons the ranges decide become constants and selects on them
/// copies. Returns what went (nothing when the analysis gave up).
pub fn simplify(function: &mut Function, params: &[Range]) -> Removed {
    let Some(ranges) = analyze(function, params) else { return Removed::default() };
    let mut removed = Removed::default();
    for index in 0..function.blocks.len() {
        let Some(mut state) = ranges.at_entry(index) else { continue };
        let mut safe_overflow = vec![false; function.blocks[index].insts.len()];
        let mut never_exits = vec![false; safe_overflow.len()];
        // Comparisons the ranges decide, and selects whose condition they decide.
        let mut decided: Vec<Option<i64>> = vec![None; safe_overflow.len()];
        let block = &function.blocks[index];
        walk_block(
            function,
            block,
            &mut state,
            |at, before| match &block.insts[at].op {
                Op::Overflow { op, lhs, rhs, .. } => {
                    safe_overflow[at] = I64_FULL.contains(checked_result(*op, *lhs, *rhs, &|v| before[v.0 as usize]));
                }
                op @ Op::ExitIf { cond, .. } if op.is_guard() => {
                    never_exits[at] = before[cond.0 as usize] == Range::exact(0);
                }
                op @ Op::Icmp { dst, .. } => {
                    let value = defined_range(function, op, *dst, &|v| before[v.0 as usize]);
                    decided[at] = value.constant().map(|c| c as i64);
                }
                Op::Select { cond, .. } => decided[at] = before[cond.0 as usize].constant().map(|c| c as i64),
                _ => {}
            },
            |_, _| {},
        );
        let block = &mut function.blocks[index];
        let old = std::mem::take(&mut block.insts);
        for (at, inst) in old.into_iter().enumerate() {
            if never_exits[at] {
                removed.exits += 1;
                continue;
            }
            match inst.op {
                Op::Overflow { op, dst, overflow, lhs, rhs } if safe_overflow[at] => {
                    let wrapping = match op {
                        OverflowOp::Sadd => BinaryOp::Iadd,
                        OverflowOp::Ssub => BinaryOp::Isub,
                        OverflowOp::Smul => BinaryOp::Imul,
                    };
                    let line = inst.line;
                    block.insts.push(Inst { op: Op::Binary { op: wrapping, dst, lhs, rhs }, line });
                    // The flag keeps a definition (an exit may read it): the constant false.
                    block.insts.push(Inst { op: Op::Iconst { dst: overflow, value: 0 }, line });
                    removed.overflow_checks += 1;
                }
                Op::Icmp { dst, .. } if decided[at].is_some() => {
                    let value = decided[at].expect("decided");
                    block.insts.push(Inst { op: Op::Iconst { dst, value }, line: inst.line });
                    removed.decided += 1;
                }
                Op::Select { dst, if_true, if_false, .. } if decided[at].is_some() => {
                    let src = if decided[at] == Some(1) { if_true } else { if_false };
                    block.insts.push(Inst { op: Op::Copy { dst, src }, line: inst.line });
                    removed.decided += 1;
                }
                op => block.insts.push(Inst { op, line: inst.line }),
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use crate::lir::{parse_module, run, Exit, Module, Op, RunOutcome};

    /// `for i in range(start, stop): total += i * i` with both operations checked, and
    /// `total` and `start`, `stop` arguments.
    const RANGE_SUM: &str = r#"deopt 0: "an int left 64 bits" line 3
deopt 1: "an int left 64 bits" line 3

function "f"(v0: i64, v1: i64, v2: i64) -> i64
  vars v3: i64, v4: i64, v5: i1, v6: i64, v7: i1, v8: i64, v9: i1, v10: i64
block0:
  ; line 2
  v3 = copy v0
  v4 = copy v2
  jump block1
block1:
  v5 = icmp slt v3, v1
  brif v5, block2, block3
block2:
  ; line 3
  v6, v7 = smul_overflow v3, v3
  exit_if v7, deopt 0
  v8, v9 = sadd_overflow v4, v6
  exit_if v9, deopt 1
  v4 = copy v8
  v10 = iconst.i64 1
  v3 = iadd v3, v10
  jump block1
block3:
  return v4
"#;

    /// `while n != 1: n = n // 2 if n % 2 == 0 else 3 * n + 1; steps += 1`: no counter
    /// bounds the trips, so both checks stay.
    const COLLATZ: &str = r#"deopt 0: "an int left 64 bits" line 3
deopt 1: "an int left 64 bits" line 3

function "f"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i1, v9: i64, v10: i64, v11: i1, v12: i64, v13: i1
block0:
  v1 = copy v0
  v2 = iconst.i64 0
  v3 = iconst.i64 1
  jump block1
block1:
  v4 = icmp ne v1, v3
  brif v4, block2, block6
block2:
  v5 = iconst.i64 1
  v6 = band v1, v5
  v13 = icmp eq v6, v5
  brif v13, block4, block3
block3:
  v1 = sshr v1, v5
  jump block5
block4:
  v7 = iconst.i64 3
  v9, v8 = smul_overflow v1, v7
  exit_if v8, deopt 0
  v10 = iadd v9, v5
  v1 = copy v10
  jump block5
block5:
  v12, v11 = sadd_overflow v2, v5
  exit_if v11, deopt 1
  v2 = copy v12
  jump block1
block6:
  return v2
"#;

    /// `i = 2; while i * i <= n: (i < 0 deoptimizes); i += 1`: the test on `i * i` bounds
    /// no trips, yet `i` only grows, so it stays at least 2 and the exit on `i < 0` goes.
    const GROWING: &str = r#"deopt 0: "an int left 64 bits" line 2
deopt 1: "a negative index" line 3

function "f"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i1, v4: i1, v5: i64, v6: i1, v7: i64, v8: i1, v9: i64
block0:
  v1 = iconst.i64 2
  v9 = iconst.i64 0
  jump block1
block1:
  v2, v3 = smul_overflow v1, v1
  exit_if v3, deopt 0
  v4 = icmp sle v2, v0
  brif v4, block2, block3
block2:
  v6 = icmp slt v1, v9
  exit_if v6, deopt 1
  v5 = iconst.i64 1
  v7, v8 = sadd_overflow v1, v5
  exit_if v8, deopt 0
  v1 = copy v7
  jump block1
block3:
  return v1
"#;

    #[test]
    fn a_variable_that_only_grows_keeps_its_lower_bound() {
        let (original, optimized) = optimized(GROWING);
        // The deopt sites left (rotation copies the header's overflow exit into the latch).
        let exits = |m: &Module| {
            let mut sites: Vec<Exit> = m.functions[0]
                .blocks
                .iter()
                .flat_map(|b| &b.insts)
                .filter_map(|i| match i.op {
                    Op::ExitIf { exit, .. } => Some(exit),
                    _ => None,
                })
                .collect();
            sites.sort_by_key(|exit| format!("{exit:?}"));
            sites.dedup();
            sites
        };
        assert_eq!(exits(&original), [Exit::Deopt(0), Exit::Deopt(1)]);
        assert_eq!(exits(&optimized), [Exit::Deopt(0)], "{optimized}");
        for n in [0, 3, 4, 1000, i64::MAX] {
            assert_eq!(outcome(&original, &[n]).is_some(), outcome(&optimized, &[n]).is_some());
            if n < 1 << 20 {
                assert_eq!(outcome(&original, &[n]), outcome(&optimized, &[n]), "f({n})");
            }
        }
    }

    fn optimized(text: &str) -> (Module, Module) {
        let module = parse_module(text).expect("the test's LIR parses");
        let mut optimized = module.clone();
        crate::lir::optimize::optimize(&mut optimized, true);
        crate::lir::verify(&optimized).expect("optimized LIR verifies");
        (module, optimized)
    }

    fn count_overflow_checks(module: &Module) -> usize {
        module.functions[0].blocks.iter().flat_map(|b| &b.insts).filter(|i| matches!(i.op, Op::Overflow { .. })).count()
    }

    fn outcome(module: &Module, args: &[i64]) -> Option<RunOutcome> {
        let args: Vec<u64> = args.iter().map(|&a| a as u64).collect();
        run(module, 0, &args, 100, 100_000).ok()
    }

    #[test]
    fn a_small_range_sum_runs_without_the_square_check_and_agrees_with_the_original() {
        let (original, optimized) = optimized(RANGE_SUM);
        // The original keeps both checks (a copy behind the dispatch), the copy for small
        // arguments only the accumulator's.
        assert_eq!(count_overflow_checks(&original), 2);
        assert_eq!(count_overflow_checks(&optimized), 3, "{optimized}");
        let near_root = 3_037_000_499i64; // the largest int whose square fits 64 bits
        let edges = [
            0,
            1,
            7,
            (1 << 29) - 1,
            1 << 29,
            -(1 << 29),
            -(1 << 29) - 1,
            (1 << 31) - 1,
            1 << 31,
            near_root,
            -near_root,
        ];
        let totals = [0, 5, i64::MAX - 40, i64::MIN + 40, (1 << 29) - 1, 1 << 29, i64::MAX, i64::MIN];
        for &start in &edges {
            for length in [0i64, 1, 3, 6] {
                for &total in &totals {
                    let stop = start.saturating_add(length);
                    let args = [start, stop, total];
                    assert_eq!(outcome(&original, &args), outcome(&optimized, &args), "f{args:?}");
                }
            }
        }
    }

    #[test]
    fn an_unbounded_while_loop_keeps_its_checks() {
        let (original, optimized) = optimized(COLLATZ);
        assert_eq!(count_overflow_checks(&original), 2);
        // `3 * n`'s check becomes a range test of `n` (`constant_products`): still an exit.
        assert_eq!(count_overflow_checks(&optimized), 1, "{optimized}");
        let exits = |m: &Module| {
            m.functions[0].blocks.iter().flat_map(|b| &b.insts).filter(|i| matches!(i.op, Op::ExitIf { .. })).count()
        };
        assert_eq!(exits(&optimized), 2, "{optimized}");
        for n in [1, 2, 3, 27, 97, (1 << 29) + 1, i64::MAX / 3 + 1] {
            assert_eq!(outcome(&original, &[n]), outcome(&optimized, &[n]), "f({n})");
        }
    }
}
