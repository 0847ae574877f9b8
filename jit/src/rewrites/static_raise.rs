//! `raise Exc(constants...)` becomes a `static_raise` terminator, as Numba's
//! `RewriteConstRaises` does, so native code can raise it without Python objects.
//!
//! Matches a `raise $e` whose `$e = call($c, $k...)` is in the same block, `$c` a
//! `global` name and every `$k` a constant of the block, and none of them used elsewhere.

use super::{definition, temp_used_elsewhere, Rewrite, Stage};
use crate::ir::{Block, Const, Expr, Function, Terminator, Var};

pub struct StaticRaise;

pub struct Found {
    exc: String,
    args: Vec<Const>,
    /// Instructions to drop: the call, the class load and the constant loads.
    dead: Vec<usize>,
}

/// Whether `c` is, or holds, a str whose text the IR cannot keep.
fn contains_surrogate_str(c: &Const) -> bool {
    match c {
        Const::SurrogateStr => true,
        Const::Tuple(items) | Const::FrozenSet(items) | Const::Slice(items) => items.iter().any(contains_surrogate_str),
        _ => false,
    }
}

impl Rewrite for StaticRaise {
    type Match = Found;
    const NAME: &'static str = "static_raise";
    const STAGE: Stage = Stage::BeforeTyping;

    fn find(&self, _: &Function, block: &Block) -> Option<Found> {
        let Terminator::Raise { exc: Some(exc_var), cause: None } = &block.terminator else { return None };
        if !exc_var.is_temp() {
            return None;
        }
        let (call_at, call) = definition(block, exc_var, usize::MAX)?;
        let Expr::Call { func, args, kwargs } = call else { return None };
        if !kwargs.is_empty() || !func.is_temp() {
            return None;
        }
        let (class_at, Expr::Global(exc)) = definition(block, func, call_at)? else { return None };
        let mut dead = vec![call_at, class_at];
        let mut constants = Vec::new();
        for arg in args {
            if !arg.is_temp() {
                return None;
            }
            let (at, Expr::Const(c)) = definition(block, arg, call_at)? else { return None };
            if contains_surrogate_str(c) {
                // Its text is not kept (`Const::SurrogateStr`): the raise stays as written.
                return None;
            }
            constants.push(c.clone());
            dead.push(at);
        }
        // The values die with the raise: nothing else in the block may read them.
        let reads_elsewhere = |var: &Var, at: usize| {
            let mut without_raise = block.clone();
            without_raise.terminator = Terminator::Raise { exc: None, cause: None };
            temp_used_elsewhere(&without_raise, var, at)
        };
        if reads_elsewhere(exc_var, usize::MAX)
            || reads_elsewhere(func, call_at)
            || args.iter().any(|a| reads_elsewhere(a, call_at))
        {
            return None;
        }
        Some(Found { exc: exc.clone(), args: constants, dead })
    }

    fn apply(&self, block: &Block, found: Found) -> Block {
        let mut out = block.clone();
        out.insts = block
            .insts
            .iter()
            .enumerate()
            .filter(|(i, _)| !found.dead.contains(i))
            .map(|(_, inst)| inst.clone())
            .collect();
        out.terminator = Terminator::StaticRaise { exc: found.exc, args: found.args };
        out
    }
}
