//! Overflow-checked products by a constant become a range test of the other operand and
//! a plain multiply: `3 * n + 1` then costs a `lea` on the loop's critical path, where the
//! checked form needs `imul` and its overflow flag (3 cycles of latency instead of 1 on
//! x86-64, and neither LLVM nor Cranelift rewrites `smul.with.overflow` by a constant).
//! The test reads only the operand, so it runs beside the multiply, not after it.
//! A C version of `benches/c/collatz.c` with `__builtin_mul_overflow` takes 64 ms
//! against 40 ms with the range test (gcc -O2, this project's VM).
//!
//!
//! A checked sum or difference with a constant that follows such a product (`3 * n + 1`,
//! an LCG's `a * s + c`) is folded into the product's test when the product's guard
//! deoptimizes and leaves before the sum: the test then takes the operands `x` for which
//! `k * x + c` fits, and the sum becomes a plain add whose overflow flag is false. An
//! operand for which the product fits but the sum does not now deoptimizes at the
//! product's guard instead of the sum's, on the same line; the interpreter redoes both.
//! Left checked, the sum's test cannot be proved by a backend once the product's test
//! has moved out of a branch ([`super::hoist_guards`]): collatz kept both.
//!
//! Assumes LIR's conventions ([`super`]): variables are mutable, so a constant is a
//! variable every definition of which is the same `iconst` (directly or through copies);
//! the overflow flag stays defined, for the `exit_if` that reads it.

use super::{BinaryOp, Exit, Function, Inst, IntCC, MType, Op, OverflowOp, Var};

/// Rewrites every `smul_overflow` of `function` one of whose operands is a constant;
/// returns how many.
pub fn rewrite(function: &mut Function) -> usize {
    let constants = constant_values(function);
    let reads = read_counts(function);
    let mut rewritten = 0;
    let mut new_vars: Vec<MType> = Vec::new();
    let first_new = function.vars.len() as u32;
    for block in &mut function.blocks {
        if !block.insts.iter().any(|inst| matches!(inst.op, Op::Overflow { op: OverflowOp::Smul, .. })) {
            continue;
        }
        let sums = folded_sums(&block.insts, &constants, &reads);
        let old = std::mem::take(&mut block.insts);
        for (index, inst) in old.into_iter().enumerate() {
            let line = inst.line;
            let (dst, overflow, lhs, rhs) = match inst.op {
                Op::Overflow { op: OverflowOp::Smul, dst, overflow, lhs, rhs } => (dst, overflow, lhs, rhs),
                // A sum folded into an earlier product's test: it cannot overflow.
                Op::Overflow { op: op @ (OverflowOp::Sadd | OverflowOp::Ssub), dst, overflow, lhs, rhs }
                    if sums.iter().any(|sum| sum.at == index) =>
                {
                    let op = if op == OverflowOp::Sadd { BinaryOp::Iadd } else { BinaryOp::Isub };
                    block.insts.push(Inst { op: Op::Iconst { dst: overflow, value: 0 }, line });
                    block.insts.push(Inst { op: Op::Binary { op, dst, lhs, rhs }, line });
                    continue;
                }
                _ => {
                    block.insts.push(inst);
                    continue;
                }
            };
            let (factor, operand) = match (constants[lhs.0 as usize], constants[rhs.0 as usize]) {
                (_, Some(c)) => (c, lhs),
                (Some(c), _) => (c, rhs),
                (None, None) => {
                    block.insts.push(inst);
                    continue;
                }
            };
            let addend = sums.iter().find(|sum| sum.product == index).map_or(0, |sum| sum.addend);
            let mut fresh = |ty: MType| {
                new_vars.push(ty);
                Var(first_new + new_vars.len() as u32 - 1)
            };
            // The test first: `dst` may be the operand itself.
            match fitting_operands(factor, addend) {
                None => block.insts.push(Inst { op: Op::Iconst { dst: overflow, value: 0 }, line }),
                Some((lo, span)) => {
                    let (minus_lo, width, shifted) = (fresh(MType::I64), fresh(MType::I64), fresh(MType::I64));
                    // `lo <= x <= hi` as one unsigned comparison: `x - lo < hi - lo + 1`.
                    block.insts.push(Inst { op: Op::Iconst { dst: minus_lo, value: lo.wrapping_neg() }, line });
                    block.insts.push(Inst { op: Op::Iconst { dst: width, value: span as i64 }, line });
                    block.insts.push(Inst {
                        op: Op::Binary { op: BinaryOp::Iadd, dst: shifted, lhs: operand, rhs: minus_lo },
                        line,
                    });
                    block
                        .insts
                        .push(Inst { op: Op::Icmp { cc: IntCC::Uge, dst: overflow, lhs: shifted, rhs: width }, line });
                }
            }
            block.insts.push(Inst { op: Op::Binary { op: BinaryOp::Imul, dst, lhs, rhs }, line });
            rewritten += 1;
        }
    }
    function.vars.extend(new_vars);
    rewritten
}

/// A checked sum (or difference) with a constant, at `at` in its block, whose operand is
/// the product at `product`: `product + addend` (`addend` negated for a difference).
struct FoldedSum {
    product: usize,
    at: usize,
    addend: i128,
}

/// The sums of `insts` (one block) that fold into a product's test: the product's
/// overflow flag is read once, by an `exit_if` that deoptimizes, between the product and
/// the sum, and the sum reads the product's value (itself or a copy, in the block) and
/// a constant.
fn folded_sums(insts: &[Inst], constants: &[Option<i64>], reads: &[u32]) -> Vec<FoldedSum> {
    let mut sums = Vec::new();
    for (product, inst) in insts.iter().enumerate() {
        let Op::Overflow { op: OverflowOp::Smul, dst, overflow, lhs, rhs } = inst.op else { continue };
        let by_constant = constants[lhs.0 as usize].is_some() || constants[rhs.0 as usize].is_some();
        if !by_constant || reads[overflow.0 as usize] != 1 || dst == overflow {
            continue;
        }
        // Variables holding the product's value, and whether its guard was passed.
        let mut holding = vec![dst];
        let mut guarded = false;
        for (at, later) in insts.iter().enumerate().skip(product + 1) {
            match later.op {
                Op::ExitIf { cond, exit: Exit::Deopt(_) } if cond == overflow => {
                    guarded = true;
                    continue;
                }
                Op::Overflow { op: op @ (OverflowOp::Sadd | OverflowOp::Ssub), lhs, rhs, .. } if guarded => {
                    let constant = |var: Var| constants[var.0 as usize].map(i128::from);
                    let addend = match (holding.contains(&lhs), holding.contains(&rhs), op) {
                        (true, false, OverflowOp::Sadd) => constant(rhs),
                        (false, true, OverflowOp::Sadd) => constant(lhs),
                        (true, false, _) => constant(rhs).map(|c| -c),
                        _ => None,
                    };
                    if let Some(addend) = addend {
                        sums.push(FoldedSum { product, at, addend });
                        break;
                    }
                }
                Op::Copy { dst: copy, src } if holding.contains(&src) => {
                    holding.push(copy);
                    continue;
                }
                _ => {}
            }
            let mut overwritten = false;
            later.op.for_each_def(|var| {
                overwritten |= var == overflow;
                holding.retain(|&held| held != var);
            });
            if overwritten || holding.is_empty() {
                break;
            }
        }
    }
    sums
}

/// How many instructions and terminators of `function` read each variable.
fn read_counts(function: &Function) -> Vec<u32> {
    let mut reads = vec![0u32; function.vars.len()];
    for block in &function.blocks {
        for inst in &block.insts {
            inst.op.for_each_use(|var| reads[var.0 as usize] += 1);
        }
        block.terminator.for_each_use(|var| reads[var.0 as usize] += 1);
    }
    reads
}

/// The operands `x` for which `factor * x` and `factor * x + addend` fit 64 bits, as `lo`
/// and the count `hi - lo + 1` (as an unsigned 64-bit number), or `None` when every
/// operand does.
fn fitting_operands(factor: i64, addend: i128) -> Option<(i64, u64)> {
    let (min, max, c) = (i128::from(i64::MIN), i128::from(i64::MAX), i128::from(factor));
    let (lo, hi) = match factor {
        0 if (min..=max).contains(&addend) => return None,
        // Every sum overflows: no operand fits (an empty range, one no `x` lies in).
        0 => return Some((0, 0)),
        _ if factor > 0 => {
            (ceil_div(min, c).max(ceil_div(min - addend, c)), floor_div(max, c).min(floor_div(max - addend, c)))
        }
        _ => (ceil_div(max, c).max(ceil_div(max - addend, c)), floor_div(min, c).min(floor_div(min - addend, c))),
    };
    let (lo, hi) = (lo.max(min), hi.min(max));
    if hi < lo {
        return Some((0, 0));
    }
    let span = hi - lo + 1;
    if span >= 1 << 64 {
        return None;
    }
    Some((lo as i64, span as u64))
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// Each variable's value when every definition of it gives the same `i64` constant
/// (an `iconst`, or a copy of such a variable); parameters are never constants.
fn constant_values(function: &Function) -> Vec<Option<i64>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Known {
        /// No definition seen yet.
        Unset,
        Constant(i64),
        Varies,
    }
    let mut known = vec![Known::Unset; function.vars.len()];
    for &param in &function.params {
        known[param.0 as usize] = Known::Varies;
    }
    let meet = |known: &mut [Known], var: Var, value: Known| -> bool {
        let slot = &mut known[var.0 as usize];
        let next = match (*slot, value) {
            (Known::Unset, v) | (v, Known::Unset) => v,
            (Known::Constant(a), Known::Constant(b)) if a == b => Known::Constant(a),
            _ => Known::Varies,
        };
        let changed = next != *slot;
        *slot = next;
        changed
    };
    loop {
        let mut changed = false;
        for inst in function.blocks.iter().flat_map(|block| &block.insts) {
            match inst.op {
                Op::Iconst { dst, value } if function.ty(dst) == MType::I64 => {
                    changed |= meet(&mut known, dst, Known::Constant(value));
                }
                Op::Copy { dst, src } => {
                    let value = known[src.0 as usize];
                    changed |= meet(&mut known, dst, value);
                }
                ref op => op.for_each_def(|dst| changed |= meet(&mut known, dst, Known::Varies)),
            }
        }
        if !changed {
            break;
        }
    }
    known.into_iter().map(|k| if let Known::Constant(c) = k { Some(c) } else { None }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lir::{parse_module, run, RunOutcome};

    /// `f(x) = x * K` checked, leaving with deopt 0 when it overflows; `K` goes through a
    /// copy, as lowering makes it.
    fn product_by(factor: i64, constant_on_left: bool) -> String {
        let (lhs, rhs) = if constant_on_left { ("v2", "v0") } else { ("v0", "v2") };
        format!(
            "deopt 0: \"an int left 64 bits\" line 1

function \"f\"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i64, v4: i1
block0:
  v1 = iconst.i64 {factor}
  v2 = copy v1
  v3, v4 = smul_overflow {lhs}, {rhs}
  exit_if v4, deopt 0
  return v3
"
        )
    }

    #[test]
    fn a_product_by_a_constant_fails_exactly_where_the_checked_one_does() {
        let factors = [0, 1, -1, 2, -2, 3, -3, 7, 1 << 32, -(1 << 32), i64::MAX, i64::MIN, i64::MIN + 1, 1 << 62];
        let mut operands = vec![0, 1, -1, 2, -2, 3, -3, i64::MAX, i64::MIN, i64::MAX - 1, i64::MIN + 1];
        for &c in &factors {
            if let Some(c) = (c != 0).then_some(c).filter(|c| *c != -1) {
                for edge in [i64::MAX / c, i64::MIN / c] {
                    operands.extend([edge - 1, edge, edge + 1]);
                }
            }
        }
        for &factor in &factors {
            for constant_on_left in [false, true] {
                let text = product_by(factor, constant_on_left);
                let checked = parse_module(&text).unwrap();
                let mut plain = checked.clone();
                assert_eq!(rewrite(&mut plain.functions[0]), 1, "{factor}");
                crate::lir::verify(&plain).unwrap();
                assert!(!format!("{plain}").contains("smul_overflow"));
                for &x in &operands {
                    let expected = run(&checked, 0, &[x as u64], 8, 100).unwrap();
                    let got = run(&plain, 0, &[x as u64], 8, 100).unwrap();
                    assert_eq!(got, expected, "{x} * {factor}");
                    let fits = x.checked_mul(factor).is_some();
                    assert_eq!(matches!(expected, RunOutcome::Returned(_)), fits, "{x} * {factor}");
                }
            }
        }
    }

    #[test]
    fn a_product_whose_factor_varies_stays_checked() {
        // `v2` is also assigned the argument: not a constant.
        let text = product_by(3, false).replace("  v2 = copy v1\n", "  v2 = copy v1\n  v2 = copy v0\n");
        let mut module = parse_module(&text).unwrap();
        assert_eq!(rewrite(&mut module.functions[0]), 0);
        // Nor is a parameter, or a product of two variables.
        let square = product_by(3, false).replace("smul_overflow v0, v2", "smul_overflow v0, v0");
        let mut module = parse_module(&square).unwrap();
        assert_eq!(rewrite(&mut module.functions[0]), 0);
    }

    #[test]
    fn the_product_may_overwrite_its_operand() {
        let text = product_by(3, false)
            .replace("v3, v4 = smul_overflow v0, v2", "v0, v4 = smul_overflow v0, v2")
            .replace("return v3", "return v0");
        let checked = parse_module(&text).unwrap();
        let mut plain = checked.clone();
        assert_eq!(rewrite(&mut plain.functions[0]), 1);
        for x in [5_i64, i64::MAX / 3, i64::MAX / 3 + 1, i64::MIN / 3, i64::MIN / 3 - 1] {
            assert_eq!(run(&plain, 0, &[x as u64], 8, 100).unwrap(), run(&checked, 0, &[x as u64], 8, 100).unwrap());
        }
    }

    /// `f(x) = K * x +/- C`, both checked and leaving with deopts 0 and 1, the product
    /// going through a copy as lowering makes it.
    fn affine(factor: i64, op: &str, addend: i64) -> String {
        format!(
            "deopt 0: \"an int left 64 bits\" line 1
deopt 1: \"an int left 64 bits\" line 1

function \"f\"(v0: i64) -> i64
  vars v1: i64, v2: i1, v3: i64, v4: i64, v5: i64, v6: i1
block0:
  v1 = iconst.i64 {factor}
  v3, v2 = smul_overflow v1, v0
  exit_if v2, deopt 0
  v4 = copy v3
  v5 = iconst.i64 {addend}
  v3, v6 = {op}_overflow v4, v5
  exit_if v6, deopt 1
  return v3
"
        )
    }

    #[test]
    fn a_constant_sum_after_a_product_folds_into_its_test_and_leaves_where_either_would() {
        let values = [0, 1, -1, 2, 3, -3, 7, 1 << 32, i64::MAX, i64::MIN, i64::MAX - 1, i64::MIN + 1, 1 << 62];
        for &factor in &values {
            for &addend in &values {
                for op in ["sadd", "ssub"] {
                    let checked = parse_module(&affine(factor, op, addend)).unwrap();
                    let mut folded = checked.clone();
                    assert_eq!(rewrite(&mut folded.functions[0]), 1);
                    crate::lir::verify(&folded).unwrap();
                    let text = format!("{folded}");
                    assert!(!text.contains("_overflow"), "{text}");
                    let mut xs = vec![0, 1, -1, 2, -2, i64::MAX, i64::MIN];
                    if factor != 0 && factor != -1 {
                        for edge in [i64::MAX / factor, i64::MIN / factor] {
                            for shift in [addend / factor, 0] {
                                xs.extend((-2..=2).map(|d| edge.wrapping_sub(shift).wrapping_add(d)));
                            }
                        }
                    }
                    for &x in &xs {
                        let expected = run(&checked, 0, &[x as u64], 8, 100).unwrap();
                        let got = run(&folded, 0, &[x as u64], 8, 100).unwrap();
                        // The site may differ (the product's guard now covers the sum's).
                        match (&expected, &got) {
                            (RunOutcome::Returned(a), RunOutcome::Returned(b)) => assert_eq!(a, b),
                            (RunOutcome::Exited { status: a, .. }, RunOutcome::Exited { status: b, .. }) => {
                                assert_eq!(a, b)
                            }
                            _ => panic!("{factor} * {x} {op} {addend}: {expected:?} against {got:?}"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_sum_the_product_guard_does_not_dominate_stays_checked() {
        // The guard after the sum: the sum may run where the product overflowed.
        let text = affine(3, "sadd", 1)
            .replace("  exit_if v2, deopt 0\n", "")
            .replace("  return v3", "  exit_if v2, deopt 0\n  return v3");
        let mut module = parse_module(&text).unwrap();
        rewrite(&mut module.functions[0]);
        assert!(format!("{module}").contains("sadd_overflow"));
        // A guard that raises rather than deoptimizes must keep its own site.
        let raising = affine(3, "sadd", 1).replace("exit_if v2, deopt 0", "exit_if v2, status ZeroDivision");
        let mut module = parse_module(&raising).unwrap();
        rewrite(&mut module.functions[0]);
        assert!(format!("{module}").contains("sadd_overflow"));
    }
}
