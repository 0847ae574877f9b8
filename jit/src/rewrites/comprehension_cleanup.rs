//! A comprehension's cleanup handler leaves native code: CPython 3.12's inlined
//! comprehensions (rustpython compiles them so) guard their loop with a handler that only
//! puts the shadowed loop variable back and re-raises. Native code never unwinds (a call
//! that meets an exception deoptimizes and runs again in the interpreter, and an `@njit`
//! raise leaves the function, whose locals die with it), so the edge to such a handler is
//! dropped and the handler with it (`drop_unreachable`), which leaves the comprehension's
//! function free of exception handling for the candidate check and typing.
//!
//! Matches a block whose unwind edge leads to a handler that assigns and unbinds names
//! only, re-raises, and has no unwind edge of its own (a `try` around the comprehension
//! would catch the re-raise: then nothing matches).

use super::{Rewrite, Stage};
use crate::ir::{Block, Expr, Function, InstKind, Terminator};

pub struct ComprehensionCleanup;

impl Rewrite for ComprehensionCleanup {
    type Match = ();
    const NAME: &'static str = "comprehension_cleanup";
    const STAGE: Stage = Stage::BeforeTyping;

    fn find(&self, func: &Function, block: &Block) -> Option<()> {
        let edge = block.unwind.as_ref()?;
        let handler = func.blocks.iter().find(|b| b.id == edge.block)?;
        let restores_only = handler
            .insts
            .iter()
            .all(|inst| matches!(&inst.kind, InstKind::Del(_) | InstKind::Assign { value: Expr::Var(_), .. }));
        (!handler.catch_params.is_empty()
            && handler.unwind.is_none()
            && matches!(handler.terminator, Terminator::Reraise(_))
            && restores_only)
            .then_some(())
    }

    fn apply(&self, block: &Block, (): ()) -> Block {
        Block { unwind: None, ..block.clone() }
    }
}

/// Drops the blocks no path from the entry reaches, by jumps or unwind edges.
pub fn drop_unreachable(func: &mut Function) {
    let Some(entry) = func.blocks.first().map(|b| b.id) else { return };
    let mut reached = std::collections::HashSet::new();
    let mut stack = vec![entry];
    while let Some(id) = stack.pop() {
        if !reached.insert(id) {
            continue;
        }
        if let Some(block) = func.blocks.iter().find(|b| b.id == id) {
            stack.extend(block.successors());
        }
    }
    func.blocks.retain(|b| reached.contains(&b.id));
}
