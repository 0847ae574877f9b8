//! The LIR optimizer, run once between lowering (and inlining) and every backend: it
//! removes the guards that integer ranges prove cannot fire ([`super::bounds`]), and
//! versions a root function with loops on the size of its int arguments, so that a loop
//! over `range(n)` accumulating `i * i % 7` runs without overflow checks whenever `n`
//! is of an ordinary size, and with them otherwise. Checked products by a constant left
//! after that become range tests ([`super::constant_products`]), and innermost `range`
//! loops poll once per chunk of trips, running a copy without bounds checks for a chunk
//! whose indices are all in bounds ([`super::chunked_polls`]). [`for_backend`] then
//! makes a backend's copy: loops rotated ([`super::rotate`]) for a backend that does not
//! rotate them, so that each iteration takes one branch back, and guards moved out of
//! branch arms that are otherwise plain arithmetic ([`super::hoist_guards`]) for a backend
//! that turns such branches into selects.
//!
//! Assumes LIR's conventions ([`super`]): block 0 is the entry and blocks take no
//! parameters, so a function's body can be copied block for block with its variables
//! shared; the root function (index 0) is the one entered from the dispatcher.

use super::bounds::{self, Range};
use super::chunked_polls;
use super::constant_products;
use super::hoist_guards;
use super::rotate;
use super::{BinaryOp, Block, BlockData, Exit, Function, Inst, IntCC, MType, Module, Op, Terminator, Var};

/// The bounds tried for the root's int arguments in its fast copy, widest first: the
/// copy is entered when every int argument lies in `-bound..bound`. The wider bound is
/// taken when it proves as much as the narrower, so that the fewest calls miss the copy.
/// A `range` loop's index is known only as start plus trips times step (the analysis
/// keeps no relation between the index and the stop), so `i * i` fits 64 bits for
/// arguments below 2**29. Each bound tried costs one analysis of the function, so two
/// are tried.
const ENTRY_BOUNDS: [i128; 2] = [1 << 29, 1 << 20];

/// A hash of the optimizer's sources: what it makes of a module may change with any of
/// them, so a module an earlier build optimized is not reused
/// (`Backend::recall_optimized`).
pub const OPTIMIZER_FINGERPRINT: u64 = pynum_runtime::fingerprint(&[
    include_str!("optimize.rs"),
    include_str!("bounds.rs"),
    include_str!("constant_products.rs"),
    include_str!("rotate.rs"),
    include_str!("chunked_polls.rs"),
]);

/// Optimizes every function of `module`. Under Python's semantics (where an int beyond
/// 64 bits deoptimizes) the root function is also versioned on its int arguments.
pub fn optimize(module: &mut Module, python_semantics: bool) {
    if !disabled("bounds") {
        for function in &mut module.functions {
            let params: Vec<Range> = function.params.iter().map(|&p| Range::full(function.ty(p))).collect();
            bounds::simplify(function, &params);
        }
        if python_semantics && !disabled("versioning") {
            if let Some(root) = module.functions.first_mut() {
                version_on_int_arguments(root);
            }
        }
    }
    // Last: the range analysis above reads checked products, not their rewritten form.
    if !disabled("products") {
        for function in &mut module.functions {
            constant_products::rewrite(function);
        }
    }
    // After the range analysis, which reads a `range` loop's trip test as lowering wrote
    // it; before the backends' copies, since it adds blocks and a variable live where a
    // tier-up resumes.
    if !disabled("chunking") {
        for function in &mut module.functions {
            chunked_polls::chunk_polls(function);
        }
    }
}

/// The copy of `module` a backend translates, or `None` when it is `module` itself:
/// with its loops rotated ([`super::rotate`]) when `rotate`, and with guards moved out of
/// plain branch arms ([`super::hoist_guards`]) when `hoist`. A copy, since the module
/// stays as it is for the next tier, which recompiles the LIR the lower tier was compiled
/// from: both passes add variables (at the end) that are never live where a tier-up
/// resumes, and no blocks, so a tier-up state and its resume blocks mean the same in
/// every tier's copy. Run after [`optimize`]: the range analysis reads loops in their
/// written shape (a header's trip test).
pub fn for_backend(module: &Module, rotate: bool, hoist: bool) -> Option<Module> {
    let (rotate, hoist) = (rotate && !disabled("rotation"), hoist && !disabled("hoisting"));
    if !rotate && !hoist {
        return None;
    }
    let mut copy = module.clone();
    let mut changed = 0;
    for function in &mut copy.functions {
        if rotate {
            changed += rotate::rotate_loops(function);
        }
        if hoist {
            changed += hoist_guards::hoist(function);
        }
    }
    (changed > 0).then_some(copy)
}

/// Whether `PYNUM_DISABLE_LIR_PASSES` (comma-separated names: `bounds`, which also
/// stops versioning, `versioning`, `products` ([`constant_products`]), `chunking`
/// ([`chunked_polls`]), `hoisting` ([`hoist_guards`]) and `rotation`) switches the pass off, to bisect a miscompile or
/// to measure what a pass gains.
fn disabled(pass: &str) -> bool {
    static DISABLED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    DISABLED
        .get_or_init(|| {
            let names = std::env::var("PYNUM_DISABLE_LIR_PASSES").unwrap_or_default();
            names.split(',').map(|name| name.trim().to_string()).filter(|name| !name.is_empty()).collect()
        })
        .iter()
        .any(|name| name == pass)
}

/// The guards left in loops: overflow checks and exits other than tier-up's.
fn guards_in_loops(function: &Function) -> usize {
    let inside = bounds::blocks_in_loops(function);
    function
        .blocks
        .iter()
        .zip(inside)
        .filter(|(_, inside)| *inside)
        .flat_map(|(block, _)| &block.insts)
        .filter(|inst| matches!(inst.op, Op::Overflow { .. }) || inst.op.is_guard())
        .count()
}

/// Whether a guard left in a loop of `function` may read a value whose range the int
/// parameters `ints` bound, so that narrowing them may remove it: its operands depend on
/// them through data, through a comparison with such a value (a branch on `i < n`
/// narrows `i`), or through a value a loop carries from one iteration to the next when
/// a loop's exit tests such a value (a counter's range follows the loop's trips). What
/// reaches a guard only through a branch the narrowed ranges would decide is not
/// followed: that costs a missed version, never a wrong one. A cheap test before the two
/// analyses versioning runs (about a fifth of a compile): `advance` in
/// tests/py/220_nested_lists.py loops over `range(steps)`, and its guards read floats and
/// list lengths.
fn guards_may_depend_on(function: &Function, ints: &[Var]) -> bool {
    let loops = bounds::loops_of(function);
    let mut inside = vec![false; function.blocks.len()];
    for (_, body) in &loops {
        inside.iter_mut().zip(body).for_each(|(inside, in_body)| *inside |= in_body);
    }
    let vars = function.vars.len();
    let mut bounded = fixedbitset::FixedBitSet::with_capacity(vars);
    ints.iter().for_each(|v| bounded.insert(v.0 as usize));
    // Per loop, the values it carries from one iteration to the next: live at its header
    // and assigned in it.
    let live_ins = function.live_ins();
    let carried: Vec<Vec<Var>> = loops
        .iter()
        .map(|(header, body)| {
            let mut assigned = fixedbitset::FixedBitSet::with_capacity(vars);
            for (block, _) in function.blocks.iter().zip(body).filter(|(_, in_body)| **in_body) {
                block.insts.iter().for_each(|inst| inst.op.for_each_def(|v| assigned.insert(v.0 as usize)));
            }
            live_ins[*header].iter().copied().filter(|v| assigned.contains(v.0 as usize)).collect()
        })
        .collect();
    loop {
        let before = bounded.count_ones(..);
        for block in &function.blocks {
            for inst in &block.insts {
                let mut reads_bounded = false;
                inst.op.for_each_use(|v| reads_bounded |= bounded.contains(v.0 as usize));
                if reads_bounded {
                    inst.op.for_each_def(|v| bounded.insert(v.0 as usize));
                    if let Op::Icmp { lhs, rhs, .. } = inst.op {
                        bounded.insert(lhs.0 as usize);
                        bounded.insert(rhs.0 as usize);
                    }
                }
            }
        }
        // A loop that branches on a bounded value may run a bounded number of trips.
        for ((_, body), carried) in loops.iter().zip(&carried) {
            let branches_on_bounded = function.blocks.iter().zip(body).any(|(block, in_body)| {
                *in_body
                    && matches!(block.terminator, Terminator::Brif { cond, .. } if bounded.contains(cond.0 as usize))
            });
            if branches_on_bounded {
                carried.iter().for_each(|v| bounded.insert(v.0 as usize));
            }
        }
        if bounded.count_ones(..) == before {
            break;
        }
    }
    let reads = |v: Var| bounded.contains(v.0 as usize);
    function.blocks.iter().zip(&inside).filter(|(_, inside)| **inside).flat_map(|(block, _)| &block.insts).any(|inst| {
        match &inst.op {
            Op::Overflow { lhs, rhs, .. } => reads(*lhs) || reads(*rhs),
            Op::ExitIf { cond, .. } => inst.op.is_guard() && reads(*cond),
            _ => false,
        }
    })
}

/// Replaces `root` with a dispatch on its int arguments' size between itself and a copy
/// simplified for small arguments, when the copy's loops have fewer guards.
fn version_on_int_arguments(root: &mut Function) {
    let ints: Vec<Var> = root.params.iter().copied().filter(|&p| root.ty(p) == MType::I64).collect();
    let baseline = guards_in_loops(root);
    if ints.is_empty() || baseline == 0 || !guards_may_depend_on(root, &ints) {
        return;
    }
    let simplified = |bound: i128| {
        let mut copy = root.clone();
        let params: Vec<Range> =
            copy.params
                .iter()
                .map(|&p| {
                    if copy.ty(p) == MType::I64 {
                        Range { lo: -bound, hi: bound - 1 }
                    } else {
                        Range::full(copy.ty(p))
                    }
                })
                .collect();
        bounds::simplify(&mut copy, &params);
        let left = guards_in_loops(&copy);
        (copy, left)
    };
    // The widest bound that proves as much as the narrowest (narrower arguments give
    // narrower ranges, so the narrowest proves the most). The widest goes first: when it
    // leaves no guard in a loop, no narrower bound can do better, and one analysis is
    // saved (about a sixth of a small function's compile).
    let (widest, widest_left) = simplified(ENTRY_BOUNDS[0]);
    let chosen = if widest_left == 0 {
        (ENTRY_BOUNDS[0], widest)
    } else {
        let (narrowest, fewest) = simplified(ENTRY_BOUNDS[ENTRY_BOUNDS.len() - 1]);
        if fewest >= baseline {
            return;
        }
        if widest_left == fewest {
            (ENTRY_BOUNDS[0], widest)
        } else {
            (ENTRY_BOUNDS[ENTRY_BOUNDS.len() - 1], narrowest)
        }
    };
    let (bound, fast) = chosen;
    *root = dispatch(root, fast, &ints, bound);
}

/// `plain` and `fast` behind a new entry block that takes `fast` when every variable of
/// `ints` (parameters) lies in `-bound..bound`.
fn dispatch(plain: &Function, fast: Function, ints: &[Var], bound: i128) -> Function {
    let n = plain.blocks.len() as u32;
    let mut function = plain.clone();
    // The copy gets variables of its own (the parameters apart): a backend keeps a
    // variable defined once and read in its block as a plain value, which a variable
    // shared by both copies would not be.
    let offset = plain.vars.len() as u32;
    function.vars.extend_from_slice(&plain.vars);
    let rename = |v: Var| if plain.params.contains(&v) { v } else { Var(v.0 + offset) };
    let fast_blocks: Vec<BlockData> =
        fast.blocks.iter().map(|block| super::inline::renamed_block(block, &rename)).collect();
    let line = plain.blocks.first().and_then(|b| b.insts.first()).map_or(0, |inst| inst.line);
    let mut new_var = |ty: MType| {
        function.vars.push(ty);
        Var(function.vars.len() as u32 - 1)
    };
    let (offset, span, all) = (new_var(MType::I64), new_var(MType::I64), new_var(MType::I1));
    let bound = i64::try_from(bound).expect("entry bounds fit 64 bits");
    let mut insts = vec![
        Inst { op: Op::Iconst { dst: offset, value: bound }, line },
        Inst { op: Op::Iconst { dst: span, value: 2 * bound }, line },
        Inst { op: Op::Iconst { dst: all, value: 1 }, line },
    ];
    for &param in ints {
        // `-bound <= p < bound` as one unsigned comparison: `p + bound < 2 * bound`.
        let (shifted, inside) = (new_var(MType::I64), new_var(MType::I1));
        insts.push(Inst { op: Op::Binary { op: BinaryOp::Iadd, dst: shifted, lhs: param, rhs: offset }, line });
        insts.push(Inst { op: Op::Icmp { cc: IntCC::Ult, dst: inside, lhs: shifted, rhs: span }, line });
        insts.push(Inst { op: Op::Binary { op: BinaryOp::Band, dst: all, lhs: all, rhs: inside }, line });
    }
    let entry = BlockData {
        insts,
        terminator: Terminator::Brif { cond: all, then: Block(1 + n), otherwise: Block(1) },
        terminator_line: line,
    };
    let plain_blocks = std::mem::take(&mut function.blocks).into_iter().map(|b| shifted(b, 1));
    let fast_blocks = fast_blocks.into_iter().map(|b| shifted(b, 1 + n));
    function.blocks = std::iter::once(entry).chain(plain_blocks).chain(fast_blocks).collect();
    function
}

/// `block` with every block it names moved up by `by`.
fn shifted(mut block: BlockData, by: u32) -> BlockData {
    let at = |b: Block| Block(b.0 + by);
    for inst in &mut block.insts {
        if let Op::ExitIf { exit: Exit::TierUp(resume), .. } = &mut inst.op {
            *resume = at(*resume);
        }
    }
    block.terminator = match block.terminator {
        Terminator::Jump(target) => Terminator::Jump(at(target)),
        Terminator::Brif { cond, then, otherwise } => {
            Terminator::Brif { cond, then: at(then), otherwise: at(otherwise) }
        }
        Terminator::Exit(Exit::TierUp(resume)) => Terminator::Exit(Exit::TierUp(at(resume))),
        other => other,
    };
    block
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lir::parse_module;

    /// `def f(n, xs): t = 0; for i in range(n): t = t + i * i` in LIR's shape: the
    /// header's test reads `n`, so `i`, and through the loop's trips `t`, are bounded by
    /// it; versioning adds the dispatch block and a copy.
    const SUM_TO_N: &str = "deopt 0: \"an int left 64 bits\" line 1

function \"f\"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i1, v4: i64, v5: i1, v6: i64, v7: i64, v8: i64
block0:
  v1 = iconst.i64 0
  v2 = iconst.i64 0
  jump block1
block1:
  v3 = icmp slt v1, v0
  brif v3, block2, block3
block2:
  v4, v5 = smul_overflow v1, v1
  exit_if v5, deopt 0
  v2, v5 = sadd_overflow v2, v4
  exit_if v5, deopt 0
  v6 = iconst.i64 1
  v1 = iadd v1, v6
  jump block1
block3:
  return v2
";

    fn versioned(text: &str) -> bool {
        let mut module = parse_module(text).unwrap();
        let blocks = module.functions[0].blocks.len();
        version_on_int_arguments(&mut module.functions[0]);
        crate::lir::verify(&module).unwrap();
        module.functions[0].blocks.len() != blocks
    }

    #[test]
    fn a_loop_bounded_by_an_int_argument_is_versioned() {
        assert!(versioned(SUM_TO_N));
    }

    #[test]
    fn guards_no_int_argument_reaches_skip_versioning() {
        // The loop's bound is not `v0` (the native call depth stands for any value the
        // arguments do not give): `v0` only feeds the returned value.
        let text = SUM_TO_N
            .replace("v3 = icmp slt v1, v0", "v7 = depth\n  v3 = icmp slt v1, v7")
            .replace("return v2", "v8 = iadd v2, v0\n  return v8");
        let module = parse_module(&text).unwrap();
        assert!(!guards_may_depend_on(&module.functions[0], &[Var(0)]));
        assert!(!versioned(&text));
        // A counter bounded only through the loop's trips (`t += 1`) depends on `v0`.
        let counter =
            SUM_TO_N.replace("  v4, v5 = smul_overflow v1, v1\n  exit_if v5, deopt 0\n", "  v4 = iconst.i64 1\n");
        assert_ne!(counter, SUM_TO_N);
        let module = parse_module(&counter).unwrap();
        assert!(guards_may_depend_on(&module.functions[0], &[Var(0)]));
    }
}
