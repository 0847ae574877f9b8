//! Overflow-checked products by a constant become a range test of the other operand and
//! a plain multiply: `3 * n + 1` then costs a `lea` on the loop's critical path, where the
//! checked form needs `imul` and its overflow flag (3 cycles of latency instead of 1 on
//! x86-64, and neither LLVM nor Cranelift rewrites `smul.with.overflow` by a constant).
//! The test reads only the operand, so it runs beside the multiply, not after it.
//! A C version of `benches/c/collatz.c` with `__builtin_mul_overflow` takes 64 ms
//! against 40 ms with the range test (gcc -O2, this project's VM).
//!
//! Assumes LIR's conventions ([`super`]): variables are mutable, so a constant is a
//! variable every definition of which is the same `iconst` (directly or through copies);
//! the overflow flag stays defined, for the `exit_if` that reads it.

use super::{BinaryOp, Function, Inst, IntCC, MType, Op, OverflowOp, Var};

/// Rewrites every `smul_overflow` of `function` one of whose operands is a constant;
/// returns how many.
pub fn rewrite(function: &mut Function) -> usize {
    let constants = constant_values(function);
    let mut rewritten = 0;
    let mut new_vars: Vec<MType> = Vec::new();
    let first_new = function.vars.len() as u32;
    for block in &mut function.blocks {
        if !block.insts.iter().any(|inst| matches!(inst.op, Op::Overflow { op: OverflowOp::Smul, .. })) {
            continue;
        }
        let old = std::mem::take(&mut block.insts);
        for inst in old {
            let Op::Overflow { op: OverflowOp::Smul, dst, overflow, lhs, rhs } = inst.op else {
                block.insts.push(inst);
                continue;
            };
            let (factor, operand) = match (constants[lhs.0 as usize], constants[rhs.0 as usize]) {
                (_, Some(c)) => (c, lhs),
                (Some(c), _) => (c, rhs),
                (None, None) => {
                    block.insts.push(inst);
                    continue;
                }
            };
            let line = inst.line;
            let mut fresh = |ty: MType| {
                new_vars.push(ty);
                Var(first_new + new_vars.len() as u32 - 1)
            };
            // The test first: `dst` may be the operand itself.
            match fitting_operands(factor) {
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

/// The operands `x` whose product with `factor` fits 64 bits, as `lo` and the count
/// `hi - lo + 1` (as an unsigned 64-bit number), or `None` when every operand does.
fn fitting_operands(factor: i64) -> Option<(i64, u64)> {
    let (min, max, c) = (i128::from(i64::MIN), i128::from(i64::MAX), i128::from(factor));
    let (lo, hi) = match factor {
        0 => return None,
        _ if factor > 0 => (ceil_div(min, c), floor_div(max, c)),
        _ => (ceil_div(max, c), floor_div(min, c)),
    };
    let (lo, hi) = (lo.max(min), hi.min(max));
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
}
