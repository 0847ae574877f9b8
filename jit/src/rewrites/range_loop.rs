//! Canonical counted loops: `getiter(call(global range, ...))` becomes
//! `range_iter(start, stop, step)` with the defaults spelled out, so type inference and
//! lowering see one shape for `range(n)`, `range(a, b)` and `range(a, b, s)`.
//!
//! Assumes `range` names the builtin, as Numba does; the dispatcher that runs compiled
//! code must check that the global was not rebound.

use super::{definition, temp_used_elsewhere, Rewrite, Stage};
use crate::ir::{Block, Const, Expr, Function, Inst, InstKind, Var};

pub struct RangeLoop;

pub struct Found {
    getiter_at: usize,
    call_at: usize,
    range_at: usize,
    args: Vec<Var>,
}

impl Rewrite for RangeLoop {
    type Match = Found;
    const NAME: &'static str = "range_loop";
    const STAGE: Stage = Stage::BeforeTyping;

    fn find(&self, _: &Function, block: &Block) -> Option<Found> {
        for (getiter_at, inst) in block.insts.iter().enumerate() {
            let InstKind::Assign { value: Expr::GetIter(range_obj), .. } = &inst.kind else { continue };
            let Some((call_at, Expr::Call { func, args, kwargs })) = definition(block, range_obj, getiter_at) else {
                continue;
            };
            if !kwargs.is_empty() || !(1..=3).contains(&args.len()) || !range_obj.is_temp() {
                continue;
            }
            let Some((range_at, Expr::Global(name))) = definition(block, func, call_at) else { continue };
            if name != "range"
                || temp_used_elsewhere(block, range_obj, getiter_at)
                || temp_used_elsewhere(block, func, call_at)
            {
                continue;
            }
            return Some(Found { getiter_at, call_at, range_at, args: args.clone() });
        }
        None
    }

    fn apply(&self, block: &Block, found: Found) -> Block {
        let mut out = block.clone();
        let line = block.insts[found.getiter_at].line;
        let InstKind::Assign { target, .. } = &block.insts[found.getiter_at].kind else { unreachable!("find checked") };
        let mut fresh = next_temp_index(block);
        let mut constant = |value: i64, extra: &mut Vec<Inst>| {
            let var = Var::temp(block.id, fresh);
            fresh += 1;
            extra.push(Inst {
                kind: InstKind::Assign { target: var.clone(), value: Expr::Const(Const::Int(value)) },
                line,
            });
            var
        };
        let mut extra = Vec::new();
        let (start, stop, step) = match found.args.as_slice() {
            [stop] => (constant(0, &mut extra), stop.clone(), constant(1, &mut extra)),
            [start, stop] => (start.clone(), stop.clone(), constant(1, &mut extra)),
            [start, stop, step] => (start.clone(), stop.clone(), step.clone()),
            _ => unreachable!("find checked the arity"),
        };
        extra.push(Inst {
            kind: InstKind::Assign { target: target.clone(), value: Expr::RangeIter { start, stop, step } },
            line,
        });
        let mut insts = Vec::with_capacity(block.insts.len() + 2);
        for (i, inst) in block.insts.iter().enumerate() {
            if i == found.range_at || i == found.call_at {
                continue;
            }
            if i == found.getiter_at {
                insts.append(&mut extra);
                continue;
            }
            insts.push(inst.clone());
        }
        out.insts = insts;
        out
    }
}

/// The first unused temporary number of the block.
pub(super) fn next_temp_index(block: &Block) -> usize {
    let prefix = format!("${}.", block.id.0);
    let defined =
        block.params.iter().chain(&block.catch_params).chain(block.insts.iter().filter_map(|i| match &i.kind {
            InstKind::Assign { target, .. } => Some(target),
            _ => None,
        }));
    defined.filter_map(|v| v.0.strip_prefix(&prefix).and_then(|n| n.parse::<usize>().ok())).max().map_or(0, |n| n + 1)
}
