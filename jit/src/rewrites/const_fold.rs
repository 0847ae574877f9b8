//! Constant folding of literal arithmetic: `$c = $a op $b` with `$a`, `$b` constants of
//! the same block becomes `$c = const r`, computed with Python's semantics (floor
//! division and modulo round toward negative infinity, `/` is true division). A result
//! Python would compute as an unbounded integer, a division by zero, or an operation this
//! pass does not model exactly is left for run time. Constants nothing else reads go.

use super::{definition, temp_used_elsewhere, Rewrite, Stage};
use crate::ir::{BinOp, Block, Const, Expr, Function, InstKind, UnaryOp, Var};

pub struct ConstFold;

pub struct Found {
    at: usize,
    value: Const,
    operands: Vec<Var>,
}

impl Rewrite for ConstFold {
    type Match = Found;
    const NAME: &'static str = "const_fold";
    const STAGE: Stage = Stage::BeforeTyping;

    fn find(&self, _: &Function, block: &Block) -> Option<Found> {
        let constant = |var: &Var, before: usize| -> Option<Const> {
            match definition(block, var, before)? {
                (_, Expr::Const(c)) if var.is_temp() => Some(c.clone()),
                _ => None,
            }
        };
        for (at, inst) in block.insts.iter().enumerate() {
            let InstKind::Assign { value, .. } = &inst.kind else { continue };
            let folded = match value {
                Expr::Binary { op, lhs, rhs } => {
                    let (a, b) = (constant(lhs, at), constant(rhs, at));
                    a.zip(b).and_then(|(a, b)| fold_binary(*op, &a, &b)).map(|c| (c, vec![lhs.clone(), rhs.clone()]))
                }
                Expr::Unary { op, operand } => {
                    constant(operand, at).and_then(|a| fold_unary(*op, &a)).map(|c| (c, vec![operand.clone()]))
                }
                _ => None,
            };
            if let Some((value, operands)) = folded {
                return Some(Found { at, value, operands });
            }
        }
        None
    }

    fn apply(&self, block: &Block, found: Found) -> Block {
        let mut out = block.clone();
        let InstKind::Assign { target, .. } = &block.insts[found.at].kind else { unreachable!("find checked") };
        out.insts[found.at].kind = InstKind::Assign { target: target.clone(), value: Expr::Const(found.value) };
        let dead: Vec<&Var> = found.operands.iter().filter(|v| !temp_used_elsewhere(block, v, found.at)).collect();
        out.insts.retain(|inst| !matches!(&inst.kind, InstKind::Assign { target, .. } if dead.contains(&target)));
        out
    }
}

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

fn number(c: &Const) -> Option<Number> {
    match c {
        Const::Int(i) => Some(Number::Int(*i)),
        Const::Bool(b) => Some(Number::Int(i64::from(*b))),
        Const::Float(x) => Some(Number::Float(*x)),
        _ => None,
    }
}

fn fold_unary(op: UnaryOp, a: &Const) -> Option<Const> {
    match (op, number(a)?) {
        (UnaryOp::Neg, Number::Int(i)) => i.checked_neg().map(Const::Int),
        (UnaryOp::Neg, Number::Float(x)) => Some(Const::Float(-x)),
        (UnaryOp::Pos, Number::Int(i)) => Some(Const::Int(i)),
        (UnaryOp::Pos, Number::Float(x)) => Some(Const::Float(x)),
        (UnaryOp::Invert, Number::Int(i)) => Some(Const::Int(!i)),
        _ => None,
    }
}

fn fold_binary(op: BinOp, a: &Const, b: &Const) -> Option<Const> {
    match (number(a)?, number(b)?) {
        (Number::Int(a), Number::Int(b)) => fold_ints(op, a, b),
        (a, b) => {
            let as_float = |n: Number| match n {
                Number::Int(i) if i.unsigned_abs() <= 1 << 53 => Some(i as f64),
                Number::Int(_) => None, // inexact conversion: leave it to Python
                Number::Float(x) => Some(x),
            };
            fold_floats(op, as_float(a)?, as_float(b)?)
        }
    }
}

fn fold_ints(op: BinOp, a: i64, b: i64) -> Option<Const> {
    let int = |v: Option<i64>| v.map(Const::Int);
    match op {
        BinOp::Add => int(a.checked_add(b)),
        BinOp::Sub => int(a.checked_sub(b)),
        BinOp::Mul => int(a.checked_mul(b)),
        BinOp::FloorDiv => int(floor_div(a, b)),
        BinOp::Mod => int(floor_div(a, b).and_then(|q| a.checked_sub(q.checked_mul(b)?))),
        BinOp::Pow if b >= 0 => int(u32::try_from(b).ok().and_then(|e| a.checked_pow(e))),
        BinOp::LShift if (0..64).contains(&b) => {
            let shifted = a.checked_shl(b as u32)?;
            int((shifted >> b == a).then_some(shifted))
        }
        BinOp::RShift if b >= 0 => int(Some(a >> b.min(63))),
        BinOp::And => int(Some(a & b)),
        BinOp::Or => int(Some(a | b)),
        BinOp::Xor => int(Some(a ^ b)),
        BinOp::TrueDiv if b != 0 && a.unsigned_abs() <= 1 << 53 && b.unsigned_abs() <= 1 << 53 => {
            Some(Const::Float(a as f64 / b as f64))
        }
        _ => None,
    }
}

/// Python's `//` on ints: the quotient rounded toward negative infinity.
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

fn fold_floats(op: BinOp, a: f64, b: f64) -> Option<Const> {
    match op {
        BinOp::Add => Some(Const::Float(a + b)),
        BinOp::Sub => Some(Const::Float(a - b)),
        BinOp::Mul => Some(Const::Float(a * b)),
        BinOp::TrueDiv if b != 0.0 => Some(Const::Float(a / b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_folding_follows_python() {
        let i = |v: i64| Const::Int(v);
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(-7), &i(2)), Some(i(-4)));
        assert_eq!(fold_binary(BinOp::Mod, &i(-7), &i(2)), Some(i(1)));
        assert_eq!(fold_binary(BinOp::Mod, &i(7), &i(-2)), Some(i(-1)));
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(1), &i(0)), None);
        assert_eq!(fold_binary(BinOp::Pow, &i(2), &i(62)), Some(i(1 << 62)));
        assert_eq!(fold_binary(BinOp::Pow, &i(2), &i(64)), None, "unbounded ints stay for run time");
        assert_eq!(fold_binary(BinOp::Pow, &i(2), &i(-1)), None);
        assert_eq!(fold_binary(BinOp::LShift, &i(1), &i(63)), None);
        assert_eq!(fold_binary(BinOp::RShift, &i(-5), &i(100)), Some(i(-1)));
        assert_eq!(fold_binary(BinOp::TrueDiv, &i(1), &i(4)), Some(Const::Float(0.25)));
        assert_eq!(fold_binary(BinOp::Add, &Const::Bool(true), &i(1)), Some(i(2)));
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(i64::MIN), &i(-1)), None);
        assert_eq!(fold_unary(UnaryOp::Neg, &i(i64::MIN)), None);
    }

    #[test]
    fn float_folding_leaves_what_it_cannot_do_exactly() {
        let f = Const::Float;
        assert_eq!(fold_binary(BinOp::Add, &f(0.1), &f(0.2)), Some(f(0.1 + 0.2)));
        assert_eq!(fold_binary(BinOp::TrueDiv, &f(1.0), &f(0.0)), None);
        assert_eq!(fold_binary(BinOp::FloorDiv, &f(7.0), &f(2.0)), None);
        assert_eq!(fold_binary(BinOp::Mul, &Const::Int(1 << 60), &f(1.0)), None);
    }
}
