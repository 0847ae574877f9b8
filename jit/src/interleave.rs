//! Interleaving: a variant of a candidate function, for native code only, in which a
//! counted loop whose iterations are independent runs two iterations side by side. Its
//! `while` loops then carry two independent dependency chains (two pixels of a fractal,
//! for instance), which an out-of-order core overlaps: a loop bound by the
//! latency of a floating-point chain runs up to twice as fast, with every operation
//! done exactly as written (no reassociation).
//!
//! The shape, for a loop whose body is straight-line set-up `S`, one `while` loop `W`
//! and a tail `T`:
//!
//! ```text
//! for x in range(lo, hi):          __pynum_hi_0 = hi
//!     S                            for x in range(lo, __pynum_hi_0, 2):
//!     while C:                         __pynum_b_x = x + 1
//!         B                 ==>        if __pynum_b_x < __pynum_hi_0:
//!     T                                    S; S_b
//!                                          while C and C_b: B; B_b
//!                                          while C: B
//!                                          while C_b: B_b
//!                                          T; T_b
//!                                      else:
//!                                          S; while C: B; T
//! ```
//!
//! where `_b` renames the iteration's own names (`x`, and what `S` and `W` store) to
//! `__pynum_b_*`. `T` runs for both iterations in their order, so even a float sum or
//! a "first maximum" comes out as written.
//!
//! Exactness rests on automatic mode's deoptimization by re-execution (candidates only
//! store to their locals): whatever native code does not finish (an overflow, an
//! exception, a deoptimization) reruns the original function in the interpreter. So
//! the variant need only compute the same result whenever it finishes, and finish
//! whenever the original would. It does when:
//! - each iteration's names are bound by `S` before they are read, and appear nowhere
//!   else in the function (no value flows from one iteration to the next, or out);
//! - `T` stores only names the rest of the loop does not read (accumulators), and cannot
//!   raise under Python's semantics (`+`, `-`, `*`, comparisons), since the variant runs
//!   the next iteration's `while` before this iteration's `T`;
//! - everything is free of effects: assignments to names, `if` in the tail, and the
//!   pure expressions loop-lifting accepts. The `while` body has no branch (see
//!   [`branch_free_assignment`]).

use ruff_text_size::{Ranged, TextRange};
use rustc_hash::FxHashSet;
use rustpython_compiler::ast::{
    self, name::Name, visitor::transformer::Transformer, AtomicNodeIndex, Expr, ExprContext, Stmt,
};

use crate::looplift::{
    assign_stmt, call_expr, deleted_names, every_node, for_stmt, name_expr, native_builtins, number_expr, pure_expr,
    real_number, without, NameUse,
};

type Names = FxHashSet<String>;

/// Prefix of the second iteration's names (reserved: pynum's names start `__pynum_`).
const SECOND: &str = "__pynum_b_";

/// `func` with its independent counted loops interleaved, or `None` when no loop has
/// the shape (see the module documentation). The variant has no decorators.
pub fn variant(func: &ast::StmtFunctionDef) -> Option<ast::StmtFunctionDef> {
    let callable: Names = native_builtins().collect();
    let parameters: Names = func.parameters.iter_non_variadic_params().map(|p| p.parameter.name.to_string()).collect();
    let whole = NameUse::of_stmts(func.body.iter());
    // A name the function deletes anywhere may be unbound again when the loop runs.
    let deleted = deleted_names(&func.body);
    let bound_before = parameters.iter().filter(|n| !deleted.contains(*n)).cloned().collect();
    let mut context = Context { func, callable, parameters, whole, bound_before };
    let mut counter = 0;
    let mut body = Vec::with_capacity(func.body.len());
    for stmt in func.body.iter() {
        let mut one = vec![stmt.clone()];
        interleave_suite(&mut one, &context, &mut counter);
        body.extend(one);
        if let Stmt::Assign(assign) = stmt {
            let stores = NameUse::of_exprs(&assign.targets).stores;
            context.bound_before.extend(stores.into_iter().filter(|n| !deleted.contains(n)));
        }
    }
    if counter == 0 {
        return None;
    }
    let mut out = func.clone();
    out.decorator_list.clear();
    out.body = body.into();
    Some(out)
}

struct Context<'f> {
    func: &'f ast::StmtFunctionDef,
    callable: Names,
    parameters: Names,
    whole: NameUse,
    /// Names surely bound before the top-level statement being rewritten: parameters and
    /// targets of earlier top-level assignments, unless the function deletes them.
    bound_before: Names,
}

fn interleave_suite(suite: &mut Vec<Stmt>, context: &Context<'_>, counter: &mut usize) {
    let mut out = Vec::with_capacity(suite.len());
    for mut stmt in std::mem::take(suite) {
        if let Some(shape) = Shape::of(&stmt, context) {
            out.extend(shape.interleaved(*counter));
            *counter += 1;
            continue;
        }
        match &mut stmt {
            Stmt::For(ast::StmtFor { body, orelse, .. }) | Stmt::While(ast::StmtWhile { body, orelse, .. }) => {
                for suite in [body, orelse] {
                    let mut stmts = suite.to_vec();
                    interleave_suite(&mut stmts, context, counter);
                    *suite = stmts.into();
                }
            }
            Stmt::If(if_stmt) => {
                let mut stmts = if_stmt.body.to_vec();
                interleave_suite(&mut stmts, context, counter);
                if_stmt.body = stmts.into();
                for clause in &mut if_stmt.elif_else_clauses {
                    let mut stmts = clause.body.to_vec();
                    interleave_suite(&mut stmts, context, counter);
                    clause.body = stmts.into();
                }
            }
            _ => {}
        }
        out.push(stmt);
    }
    *suite = out;
}

/// A loop with the interleavable shape, taken apart.
struct Shape {
    at: TextRange,
    target: String,
    /// `range`'s first and last argument (the first is `0` when it has one).
    low: Expr,
    high: Expr,
    setup: Vec<Stmt>,
    test: Expr,
    inner: Vec<Stmt>,
    tail: Vec<Stmt>,
    /// The iteration's own names: the target and what `setup` and the `while` store.
    own: Names,
}

impl Shape {
    fn of(stmt: &Stmt, context: &Context<'_>) -> Option<Shape> {
        let Stmt::For(ast::StmtFor { is_async: false, target, iter, body, orelse, range, .. }) = stmt else {
            return None;
        };
        let Expr::Name(target) = target.as_ref() else { return None };
        if !orelse.is_empty() {
            return None;
        }
        let Expr::Call(call) = iter.as_ref() else { return None };
        if !matches!(call.func.as_ref(), Expr::Name(f) if f.id.as_str() == "range")
            || !call.arguments.keywords.is_empty()
        {
            return None;
        }
        let (low, high) = match &call.arguments.args[..] {
            [high] => (number_expr(0, *range), high.clone()),
            [low, high] => (low.clone(), high.clone()),
            _ => return None,
        };
        if !pure_expr(&low, &context.callable) || !pure_expr(&high, &context.callable) {
            return None;
        }
        let at_while = body.iter().position(|s| matches!(s, Stmt::While(_)))?;
        let (setup, rest) = body.split_at(at_while);
        let Stmt::While(ast::StmtWhile { test, body: inner, orelse: while_else, .. }) = &rest[0] else { return None };
        let tail = &rest[1..];
        if !while_else.is_empty()
            || !setup.iter().all(|s| straight_assignment(s, &context.callable))
            || !pure_expr(test, &context.callable)
            || !inner.iter().all(|s| branch_free_assignment(s, &context.callable))
            || !tail.iter().all(raise_free_assignment)
        {
            return None;
        }
        let setup_names = NameUse::of_stmts(setup.iter());
        let while_names = NameUse::of_stmts(std::iter::once(&rest[0]));
        let tail_names = NameUse::of_stmts(tail.iter());
        let mut own: Names = setup_names.stores.union(&while_names.stores).cloned().collect();
        own.insert(target.id.to_string());
        // Accumulators: only the tail stores them, and only the tail reads them.
        if tail_names.stores.iter().any(|n| own.contains(n))
            || setup_names.loads.iter().chain(&while_names.loads).any(|n| tail_names.stores.contains(n))
        {
            return None;
        }
        // The tail reads only own names and names bound before the loop: an unbound name
        // would raise there, after the variant ran the next iteration's `while`.
        if tail_names.loads.iter().any(|n| !own.contains(n) && !context.bound_before.contains(n)) {
            return None;
        }
        // Each own name is bound in the set-up, before it is read.
        let mut bound: Names = std::iter::once(target.id.to_string()).collect();
        for stmt in setup {
            let names = NameUse::of_stmts(std::iter::once(stmt));
            if names.loads.iter().any(|n| own.contains(n) && !bound.contains(n)) {
                return None;
            }
            bound.extend(names.stores);
        }
        if !while_names.stores.iter().all(|n| bound.contains(n)) {
            return None;
        }
        // Own names appear nowhere else: not as parameters, not outside this loop, not in
        // the range's arguments, not in a nested scope or a global declaration.
        let others: Vec<Stmt> = context.func.body.iter().filter_map(|s| without(s, stmt.range())).collect();
        let outside = NameUse::of_stmts(others.iter());
        let header = NameUse::of_expr(iter);
        if own.iter().any(|n| {
            context.parameters.contains(n)
                || outside.mentions(n)
                || header.mentions(n)
                || context.whole.nested.contains(n)
                || context.whole.declared.contains(n)
        }) {
            return None;
        }
        Some(Shape {
            at: *range,
            target: target.id.to_string(),
            low,
            high,
            setup: setup.to_vec(),
            test: test.as_ref().clone(),
            inner: inner.to_vec(),
            tail: tail.to_vec(),
            own,
        })
    }

    fn interleaved(self, index: usize) -> Vec<Stmt> {
        let at = self.at;
        let high = format!("__pynum_hi_{index}");
        let second = |stmts: &[Stmt]| -> Vec<Stmt> {
            let renamer = Renamer { own: &self.own };
            stmts
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    renamer.visit_stmt(&mut s);
                    s
                })
                .collect()
        };
        let second_test = {
            let mut test = self.test.clone();
            Renamer { own: &self.own }.visit_expr(&mut test);
            test
        };
        let second_target = format!("{SECOND}{}", self.target);
        let while_stmt = |test: Expr, body: Vec<Stmt>| {
            Stmt::While(ast::StmtWhile {
                node_index: AtomicNodeIndex::default(),
                range: at,
                test: Box::new(test),
                body: body.into(),
                orelse: Default::default(),
                runtime_body: None,
                runtime_orelse: None,
            })
        };
        let both = Expr::BoolOp(ast::ExprBoolOp {
            node_index: AtomicNodeIndex::default(),
            range: at,
            op: ast::BoolOp::And,
            values: vec![self.test.clone(), second_test.clone()],
            runtime_values: None,
        });
        let mut pair = Vec::new();
        pair.extend(self.setup.iter().cloned());
        pair.extend(second(&self.setup));
        pair.push(while_stmt(both, self.inner.iter().cloned().chain(second(&self.inner)).collect()));
        pair.push(while_stmt(self.test.clone(), self.inner.clone()));
        pair.push(while_stmt(second_test, second(&self.inner)));
        pair.extend(self.tail.iter().cloned());
        pair.extend(second(&self.tail));
        let mut single = self.setup.clone();
        single.push(while_stmt(self.test.clone(), self.inner.clone()));
        single.extend(self.tail.iter().cloned());
        let has_second = Expr::Compare(ast::ExprCompare {
            node_index: AtomicNodeIndex::default(),
            range: at,
            left: Box::new(name_expr(&second_target, ExprContext::Load, at)),
            ops: Box::new([ast::CmpOp::Lt]),
            comparators: Box::new([name_expr(&high, ExprContext::Load, at)]),
            runtime_comparators: None,
        });
        let body = vec![
            assign_stmt(&second_target, add_one(&self.target, at), at),
            Stmt::If(ast::StmtIf {
                node_index: AtomicNodeIndex::default(),
                range: at,
                test: Box::new(has_second),
                body: pair.into(),
                elif_else_clauses: vec![ast::ElifElseClause {
                    range: at,
                    node_index: AtomicNodeIndex::default(),
                    test: None,
                    body: single.into(),
                    runtime_body: None,
                    runtime_orelse: None,
                }],
                runtime_body: None,
            }),
        ];
        let iter = call_expr("range", vec![self.low, name_expr(&high, ExprContext::Load, at), number_expr(2, at)], at);
        vec![
            assign_stmt(&high, self.high, at),
            for_stmt(name_expr(&self.target, ExprContext::Store, at), iter, body, Vec::new(), at),
        ]
    }
}

/// Renames the iteration's own names for the second iteration.
struct Renamer<'n> {
    own: &'n Names,
}

impl Transformer for Renamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        if let Expr::Name(name) = expr {
            if self.own.contains(name.id.as_str()) {
                name.id = Name::new(format!("{SECOND}{}", name.id));
            }
            return;
        }
        ast::visitor::transformer::walk_expr(self, expr);
    }
}

fn add_one(name: &str, at: TextRange) -> Expr {
    Expr::BinOp(ast::ExprBinOp {
        node_index: AtomicNodeIndex::default(),
        range: at,
        left: Box::new(name_expr(name, ExprContext::Load, at)),
        op: ast::Operator::Add,
        right: Box::new(number_expr(1, at)),
    })
}

fn name_targets(targets: &[Expr]) -> bool {
    targets.iter().all(|t| match t {
        Expr::Name(_) => true,
        Expr::Tuple(tuple) => tuple.elts.iter().all(|e| matches!(e, Expr::Name(_))),
        _ => false,
    })
}

/// `name = pure` or `name op= pure`.
fn straight_assignment(stmt: &Stmt, callable: &Names) -> bool {
    match stmt {
        Stmt::Assign(assign) => name_targets(&assign.targets) && pure_expr(&assign.value, callable),
        Stmt::AugAssign(aug) => matches!(aug.target.as_ref(), Expr::Name(_)) && pure_expr(&aug.value, callable),
        _ => false,
    }
}

/// A straight assignment whose value has no branch (no `if` expression, `and`, `or`).
/// Interleaving pays off when each iteration is a dependency chain the core waits on;
/// a body that branches on its data (the Collatz step) measured slower interleaved (70
/// against 64 ms), its two chains' branches mispredicting each other's.
fn branch_free_assignment(stmt: &Stmt, callable: &Names) -> bool {
    let value = match stmt {
        Stmt::Assign(assign) => &assign.value,
        Stmt::AugAssign(aug) => &aug.value,
        _ => return false,
    };
    straight_assignment(stmt, callable) && every_node(value, &|e| !matches!(e, Expr::If(_) | Expr::BoolOp(_)))
}

/// Assignments (under `if` too) that Python evaluates without raising whatever the
/// numbers: `+`, `-`, `*`, negation, comparisons, `and`/`or`/`not`.
fn raise_free_assignment(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Assign(assign) => name_targets(&assign.targets) && raise_free(&assign.value),
        Stmt::AugAssign(aug) => {
            matches!(aug.target.as_ref(), Expr::Name(_))
                && matches!(aug.op, ast::Operator::Add | ast::Operator::Sub | ast::Operator::Mult)
                && raise_free(&aug.value)
        }
        Stmt::If(if_stmt) => {
            raise_free(&if_stmt.test)
                && if_stmt.body.iter().all(raise_free_assignment)
                && if_stmt
                    .elif_else_clauses
                    .iter()
                    .all(|c| c.test.as_ref().is_none_or(raise_free) && c.body.iter().all(raise_free_assignment))
        }
        Stmt::Pass(_) => true,
        _ => false,
    }
}

fn raise_free(expr: &Expr) -> bool {
    every_node(expr, &|e| match e {
        Expr::Name(_) | Expr::BooleanLiteral(_) | Expr::BoolOp(_) | Expr::Tuple(_) => true,
        Expr::BinOp(op) => matches!(op.op, ast::Operator::Add | ast::Operator::Sub | ast::Operator::Mult),
        Expr::UnaryOp(op) => matches!(op.op, ast::UnaryOp::USub | ast::UnaryOp::UAdd | ast::UnaryOp::Not),
        Expr::Compare(cmp) => cmp.ops.iter().all(|op| {
            matches!(
                op,
                ast::CmpOp::Lt
                    | ast::CmpOp::LtE
                    | ast::CmpOp::Gt
                    | ast::CmpOp::GtE
                    | ast::CmpOp::Eq
                    | ast::CmpOp::NotEq
            )
        }),
        _ => real_number(e),
    })
}
