//! `xs.append(x)` on a list the function built itself becomes `list_append(xs, x)`, the
//! operation a comprehension's loop uses, so that native code grows the list in place
//! (`pynum_list_grow` moves a full list to twice the room) and typing takes the list's
//! item type from its appends (`typeinfer::type_appended_lists`); `xs.pop()` (no index)
//! on such a list becomes `list_pop(xs)`, so that a stack the function keeps (`while
//! stack: v = stack.pop()`) runs natively too, and `xs.extend(ys)` becomes
//! `list_extend(xs, ys)` (`ys` another list, whose items are appended in order) and
//! `xs.insert(i, x)` becomes `list_insert(xs, i, x)`.
//!
//! Growing may move the list, and only the local's own variable follows the move, so the
//! rewrite applies only where nothing else can hold the list: every assignment to the
//! local is a new empty list (`xs = []`; then `xs.append` is the builtin method, whatever
//! the program has done to names), and every read of it uses the list where it stands
//! ([`Use`]): indexing, slicing, `len`, `sum`, `min`, `max`, `in`, comparisons, truth,
//! item stores, `return`, other appends and pops. A copy to another name, an argument to
//! any other call, an item of a container, a bound method kept, any other method, or an
//! iteration from which an append or a pop can still be reached (native code's iterator
//! reads the length once) leaves every append of that local as written, and the
//! function to the interpreter.
//!
//! Assumes it runs before liveness inserts `del`s (the call's unused result is simply not
//! assigned), and that a local (not a temporary) is assigned only by `Assign`.

use std::collections::HashSet;

use super::{Rewrite, Stage};
use crate::ir::{
    block_uses, expr_uses, inst_uses, terminator_uses, Block, BlockId, CmpOp, Expr, Function, Inst, InstKind,
    Terminator, Var,
};

pub struct ListAppend;

/// The `getattr(xs, attr=append)` (or `extend`, `pop`) at `method_at` and its call at
/// `call_at`.
pub struct ResizingCall {
    method_at: usize,
    call_at: usize,
}

/// Builtins that read a list where it stands and keep nothing of it.
const READING_BUILTINS: [&str; 4] = ["len", "sum", "min", "max"];

impl Rewrite for ListAppend {
    type Match = ResizingCall;
    const NAME: &'static str = "list_append";
    const STAGE: Stage = Stage::BeforeTyping;

    fn find(&self, func: &Function, block: &Block) -> Option<ResizingCall> {
        (0..block.insts.len()).find_map(|method_at| {
            let (list, call_at) = resizing_call(func, block, method_at)?;
            growable_local(func, list).then_some(ResizingCall { method_at, call_at })
        })
    }

    fn apply(&self, block: &Block, found: ResizingCall) -> Block {
        let InstKind::Assign { value: Expr::GetAttr { obj: list, attr }, .. } = &block.insts[found.method_at].kind
        else {
            unreachable!("find matched a getattr")
        };
        let call = &block.insts[found.call_at];
        let (InstKind::Assign { value: Expr::Call { args, .. }, .. } | InstKind::Discard(Expr::Call { args, .. })) =
            &call.kind
        else {
            unreachable!("find matched a call")
        };
        let list = list.clone();
        let kind = match (attr.as_str(), &call.kind, args.as_slice()) {
            ("append", _, [value]) => InstKind::Discard(Expr::ListAppend { list, value: value.clone() }),
            ("extend", _, [value]) => InstKind::Discard(Expr::ListExtend { list, value: value.clone() }),
            ("insert", _, [index, value]) => {
                InstKind::Discard(Expr::ListInsert { list, index: index.clone(), value: value.clone() })
            }
            (_, InstKind::Assign { target, .. }, _) => {
                InstKind::Assign { target: target.clone(), value: Expr::ListPop { list } }
            }
            _ => InstKind::Discard(Expr::ListPop { list }),
        };
        let append = Inst { kind, line: call.line };
        let mut insts = Vec::with_capacity(block.insts.len() - 1);
        for (i, inst) in block.insts.iter().enumerate() {
            match i {
                _ if i == found.method_at => {}
                _ if i == found.call_at => insts.push(append.clone()),
                _ => insts.push(inst.clone()),
            }
        }
        Block { insts, ..block.clone() }
    }
}

/// When instruction `method_at` of `block` is `m = getattr(xs, attr=append)` (or
/// `extend`) of a local `xs`, used only by `m(x)` later in the block, with one positional
/// argument other than `xs` and an unused result, `m = getattr(xs, attr=insert)` used
/// only by `m(i, x)` likewise, or `m = getattr(xs, attr=pop)` used only by `m()`, with no
/// assignment to `xs` in between: `xs` and the call's index.
fn resizing_call<'f>(func: &'f Function, block: &'f Block, method_at: usize) -> Option<(&'f Var, usize)> {
    let InstKind::Assign { target: method, value: Expr::GetAttr { obj: list, attr } } = &block.insts[method_at].kind
    else {
        return None;
    };
    let arity = match attr.as_str() {
        "append" | "extend" => 1,
        "insert" => 2,
        "pop" => 0,
        _ => return None,
    };
    if list.is_temp() {
        return None;
    }
    let reads = |inst: &Inst, var: &Var| {
        let mut uses = Vec::new();
        inst_uses(&inst.kind, &mut uses);
        uses.contains(&var)
    };
    let call_at = method_at + 1 + block.insts[method_at + 1..].iter().position(|inst| reads(inst, method))?;
    let (result, call) = match &block.insts[call_at].kind {
        InstKind::Assign { target, value } => (Some(target), value),
        InstKind::Discard(value) => (None, value),
        _ => return None,
    };
    let Expr::Call { func: callee, args, kwargs } = call else { return None };
    let assigns = |inst: &Inst, var: &Var| matches!(&inst.kind, InstKind::Assign { target, .. } if target == var);
    let fits = callee == method
        && args.len() == arity
        && kwargs.is_empty()
        && !args.contains(list)
        && !block.insts[method_at + 1..call_at].iter().any(|inst| assigns(inst, list))
        && uses_in(func, method) == 1
        && (arity == 0 || result.is_none_or(|r| uses_in(func, r) == 0));
    fits.then_some((list, call_at))
}

/// How many times `var` is read in `func`.
fn uses_in(func: &Function, var: &Var) -> usize {
    let mut uses = Vec::new();
    for block in &func.blocks {
        block_uses(block, &mut uses);
    }
    uses.iter().filter(|v| **v == var).count()
}

/// Whether nothing but the local `list`'s own variable can hold the list it names
/// (the module's doc): then appends may move it.
fn growable_local(func: &Function, list: &Var) -> bool {
    if func.params.contains(&list.0) {
        return false;
    }
    let mut iterated_at: Vec<(BlockId, usize)> = Vec::new();
    for block in &func.blocks {
        if block.params.contains(list) || block.catch_params.contains(list) {
            return false;
        }
        if block.unwind.as_ref().is_some_and(|edge| edge.args.contains(list)) {
            return false;
        }
        for (i, inst) in block.insts.iter().enumerate() {
            match use_of(func, block, i, list) {
                Use::None | Use::InPlace | Use::Resize => {}
                Use::Iterated => iterated_at.push((block.id, i)),
                Use::Escapes => return false,
            }
            if let InstKind::Assign { target, value } = &inst.kind {
                if target == list && !is_new_empty_list(func, value) {
                    return false;
                }
            }
        }
        match &block.terminator {
            Terminator::Return(_) => {}
            Terminator::Branch { then, otherwise, .. } => {
                if then.args.contains(list) || otherwise.args.contains(list) {
                    return false;
                }
            }
            other => {
                let mut uses = Vec::new();
                terminator_uses(other, &mut uses);
                if uses.contains(&list) {
                    return false;
                }
            }
        }
    }
    // Native code's iterator reads the length it started with: no append or pop of that
    // list may follow it.
    iterated_at.iter().all(|&(block, at)| !append_follows(func, block, at, list))
}

/// What instruction `at` of `block` does with `list`.
enum Use {
    None,
    /// Reads or writes the list where it stands and keeps nothing of it.
    InPlace,
    /// Appends to it, extends it or pops from it (the method call as written, or the
    /// rewritten operation): changes its length.
    Resize,
    /// Makes an iterator over it.
    Iterated,
    /// Anything else: the list may end up held elsewhere.
    Escapes,
}

fn use_of(func: &Function, block: &Block, at: usize, list: &Var) -> Use {
    let inst = &block.insts[at];
    let mut uses = Vec::new();
    inst_uses(&inst.kind, &mut uses);
    if !uses.contains(&list) {
        return Use::None;
    }
    let only_as = |expr_vars: &[&Var], allowed: &[&Var]| {
        expr_vars.iter().filter(|v| **v == list).count() == allowed.iter().filter(|v| **v == list).count()
    };
    let value = match &inst.kind {
        InstKind::Assign { value, .. } | InstKind::Discard(value) => value,
        InstKind::SetItem { obj, index, value } if obj == list && index != list && value != list => {
            return Use::InPlace
        }
        InstKind::Del(_) => return Use::InPlace,
        _ => return Use::Escapes,
    };
    let mut read = Vec::new();
    expr_uses(value, &mut read);
    match value {
        Expr::GetAttr { .. } if resizing_call(func, block, at).is_some() => Use::Resize,
        Expr::ListAppend { list: target, value } if target == list && value != list => Use::Resize,
        Expr::ListPop { .. } => Use::Resize,
        Expr::ListInsert { list: target, index, value } if target == list && index != list && value != list => {
            Use::Resize
        }
        Expr::ListExtend { list: target, value } if target == list && value != list => Use::Resize,
        // Another list extended by this one reads its items and keeps nothing of it.
        Expr::ListExtend { list: target, value } if value == list && target != list => Use::InPlace,
        Expr::GetItem { obj, .. } | Expr::GetSlice { obj, .. } if only_as(&read, &[obj]) => Use::InPlace,
        Expr::Compare { op, lhs, rhs } if !matches!(op, CmpOp::Is | CmpOp::IsNot) && only_as(&read, &[lhs, rhs]) => {
            Use::InPlace
        }
        Expr::Truth(_) => Use::InPlace,
        Expr::Call { func: callee, args, kwargs }
            if kwargs.is_empty() && callee != list && only_as(&read, &args.iter().collect::<Vec<_>>()) =>
        {
            if defined_as_global(func, callee).is_some_and(|name| READING_BUILTINS.contains(&name)) {
                Use::InPlace
            } else if args.len() == 1 && defined_as_extend_of_another(func, callee, list) {
                // `ys.extend(xs)` before its own rewrite (or as written): reads the items.
                Use::InPlace
            } else {
                Use::Escapes
            }
        }
        Expr::GetIter(_) => Use::Iterated,
        _ => Use::Escapes,
    }
}

/// Whether a temporary's one definition is `getattr(other, attr=extend)` of a local other
/// than `list`.
fn defined_as_extend_of_another(func: &Function, var: &Var, list: &Var) -> bool {
    matches!(one_definition(func, var), Some(Expr::GetAttr { obj, attr }) if attr == "extend" && obj != list && !obj.is_temp())
}

/// The global a temporary was loaded from, when that is its one definition.
fn defined_as_global<'f>(func: &'f Function, var: &Var) -> Option<&'f str> {
    match one_definition(func, var)? {
        Expr::Global(name) => Some(name.as_str()),
        _ => None,
    }
}

/// `[]`, or a temporary whose one definition is `[]` and which nothing else reads (`xs =
/// ys = []` and `ys = (xs := [])` assign one temporary to two names).
fn is_new_empty_list(func: &Function, value: &Expr) -> bool {
    match value {
        Expr::BuildList(items) => items.is_empty(),
        Expr::Var(temp) if temp.is_temp() && uses_in(func, temp) == 1 => {
            matches!(one_definition(func, temp), Some(Expr::BuildList(items)) if items.is_empty())
        }
        _ => false,
    }
}

/// The value `var` is assigned, when `func` assigns it exactly once.
fn one_definition<'f>(func: &'f Function, var: &Var) -> Option<&'f Expr> {
    let mut definitions = func.blocks.iter().flat_map(|b| &b.insts).filter_map(|inst| match &inst.kind {
        InstKind::Assign { target, value } if target == var => Some(value),
        _ => None,
    });
    match (definitions.next(), definitions.next()) {
        (Some(value), None) => Some(value),
        _ => None,
    }
}

/// Whether a path from instruction `at` of block `from` (by jumps, branches or unwind
/// edges) reaches an append to `list` or a pop from it before an assignment of a new list
/// to it (an iterator over the old list does not see the new one change).
fn append_follows(func: &Function, from: BlockId, at: usize, list: &Var) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![(from, at + 1)];
    while let Some((id, start)) = stack.pop() {
        let Some(block) = func.blocks.iter().find(|b| b.id == id) else { continue };
        let mut reassigned = false;
        for i in start..block.insts.len() {
            if matches!(use_of(func, block, i, list), Use::Resize) {
                return true;
            }
            if matches!(&block.insts[i].kind, InstKind::Assign { target, .. } if target == list) {
                reassigned = true;
                break;
            }
        }
        if reassigned {
            continue;
        }
        // An unwind edge may leave from any instruction: its handler counts as reached.
        for next in block.successors() {
            if seen.insert(next) {
                stack.push((next, 0));
            }
        }
    }
    false
}
