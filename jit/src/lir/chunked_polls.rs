//! Polls in chunks: an innermost counted loop (a `for` over a `range`, whose header
//! counts its trips down to zero) polls once every [`CHUNK`] trips instead of at each one,
//! and a chunk whose bounds checks all pass runs a copy of the loop without them. The loop
//! becomes a nest: an inner header tests the count against the chunk's end, and at a
//! chunk's end a block off the loop's path tells the end of the loop from the end of the
//! chunk, polls, and decides from the induction variables' first and last values in the
//! next chunk whether every index in it is in bounds (a sequence without wrap-around is
//! monotone). Sieve's loops: the poll's volatile load after each store, and the negative-
//! index fix-up merging into the store's address, cost its marking loop about 45% and
//! kept its counting loop from being vectorized (11.5 and 1.3 ms after, 15 and 6.3 before).
//!
//! Only for loops that call no function and hold no loop, so a chunk is a bounded amount
//! of work between two polls (a Ctrl-C or a tier-up is noticed within [`CHUNK`] trips of
//! a body that calls only runtime helpers). Runs in [`super::optimize::optimize`], before
//! the backends' copies: it adds blocks, and a variable live where the moved poll's
//! tier-up resumes, so every tier must compile the same blocks and variables.
//!
//! Assumes LIR's conventions ([`super`]) and the shapes lowering makes: a loop's one latch
//! is `p = poll_pending; brif p, safepoint, resume` with `resume: jump header` and the
//! safepoint block jumping to `resume` (`FunctionLowerer::latch`); a `range` loop's header
//! compares its count with zero, then decrements it, and branches into the body when the
//! count was not zero; a loop's values pass back to its header through copies.

use super::bounds;
use super::rotate;
use super::{Block, BlockData, Exit, Function, Inst, IntCC, MType, Op, Terminator, Var};

/// Trips between two polls. Large enough that a vectorized loop spends little on the
/// chunk's edges (sieve's counting loop: 10 M bytes, 2,442 chunks), small enough that a
/// loop of helper calls (about a microsecond each) answers Ctrl-C within milliseconds.
/// A power of two: a chunk ends where the count reaches a multiple of it.
pub const CHUNK: i64 = 4096;

/// What one loop's rewrite needs, found by [`plan`].
struct Plan {
    header: usize,
    /// The trip count the header tests and decrements.
    count: Var,
    /// The index in the header of `test = icmp ne count, 0`.
    test_at: usize,
    body: Block,
    /// The latch that polls: its `poll_pending` is its last instruction.
    latch: usize,
    safepoint: usize,
    resume: Block,
    /// The bounds checks on the loop's index that a chunk can decide before it starts.
    checks: Vec<Check>,
}

/// A bounds check `brif (icmp ult index, len), fast, fix` in the loop, whose index is,
/// at every trip, the value an induction variable had when the trip began (or that plus
/// its step), and whose `len` the loop does not write.
struct Check {
    block: usize,
    fast: Block,
    /// The arm taken when the check fails, which the unchecked copy drops.
    fix: Block,
    iv: Var,
    step: Var,
    /// 0 when the index is the induction variable's value at the trip's start, 1 when it
    /// is one step further.
    offset: i64,
    len: Var,
}

/// Rewrites the innermost counted loops of `function` to poll once per [`CHUNK`] trips.
/// Returns how many it rewrote.
pub fn chunk_polls(function: &mut Function) -> usize {
    let loops = bounds::loops_of(function);
    let back_edges = bounds::back_edges(function);
    let predecessors = function.predecessor_counts();
    let plans: Vec<Plan> = loops
        .iter()
        .filter(|(header, body)| loops.iter().all(|(other, _)| other == header || !body[*other]))
        .filter_map(|(header, body)| plan(function, *header, body, &back_edges, &predecessors))
        .collect();
    let local = function.block_local_variables();
    for plan in &plans {
        rewrite(function, plan, &loops.iter().find(|(h, _)| *h == plan.header).expect("planned loop").1, &local);
    }
    plans.len()
}

/// The last definition of `var` in `block` before instruction `before`, as an index.
fn last_def(block: &BlockData, var: Var, before: usize) -> Option<usize> {
    (0..before).rev().find(|&i| defines(&block.insts[i].op, var))
}

fn defines(op: &Op, var: Var) -> bool {
    let mut found = false;
    op.for_each_def(|v| found |= v == var);
    found
}

/// Where each variable is assigned in one loop: (block, instruction index) pairs, in
/// block order. Built once per loop; the analyses below ask for many variables.
struct Definitions(std::collections::HashMap<Var, Vec<(usize, usize)>>);

impl Definitions {
    fn in_loop(blocks: &[BlockData], body: &[bool]) -> Definitions {
        let mut map: std::collections::HashMap<Var, Vec<(usize, usize)>> = std::collections::HashMap::new();
        for (b, block) in blocks.iter().enumerate().filter(|&(b, _)| body[b]) {
            for (i, inst) in block.insts.iter().enumerate() {
                inst.op.for_each_def(|v| map.entry(v).or_default().push((b, i)));
            }
        }
        Definitions(map)
    }

    fn of(&self, var: Var) -> &[(usize, usize)] {
        self.0.get(&var).map_or(&[], Vec::as_slice)
    }
}

fn plan(
    function: &Function,
    header: usize,
    body: &[bool],
    back_edges: &[(usize, usize)],
    predecessors: &[u32],
) -> Option<Plan> {
    let blocks = &function.blocks;
    // No call: a chunk's trips must be a bounded amount of work.
    let calls = (0..blocks.len())
        .filter(|&b| body[b])
        .flat_map(|b| &blocks[b].insts)
        .any(|inst| matches!(inst.op, Op::Call { .. }));
    if calls {
        return None;
    }
    // One back edge, from the latch's resume block.
    let latches: Vec<usize> = back_edges.iter().filter(|&&(_, h)| h == header).map(|&(l, _)| l).collect();
    let [resume] = latches[..] else { return None };
    if !blocks[resume].insts.is_empty() || blocks[resume].terminator != Terminator::Jump(Block(header as u32)) {
        return None;
    }
    let resume = Block(resume as u32);
    let latch = (0..blocks.len()).find(|&b| {
        body[b]
            && matches!(blocks[b].terminator, Terminator::Brif { cond, otherwise, .. }
                if otherwise == resume
                    && matches!(blocks[b].insts.last(), Some(Inst { op: Op::PollPending { dst }, .. }) if *dst == cond))
    })?;
    let Terminator::Brif { then: safepoint, .. } = blocks[latch].terminator else { return None };
    let safepoint = safepoint.0 as usize;
    let safe = &blocks[safepoint];
    let safepoint_shape = predecessors[safepoint] == 1
        && safe.terminator == Terminator::Jump(resume)
        && safe.insts.iter().all(|inst| match &inst.op {
            Op::ExitIf { exit: Exit::TierUp(to), .. } => *to == resume,
            Op::ExitIf { .. } | Op::Depth { .. } | Op::Iconst { .. } | Op::Icmp { .. } => true,
            Op::CallHelper { helper, .. } => helper == "pynum_safepoint",
            _ => false,
        });
    if !safepoint_shape {
        return None;
    }
    // The header: `test = icmp ne count, zero` (zero made in the header), then the
    // count's one definition in the loop, `count = count - 1`, then a branch into the
    // body on the test.
    let head = &blocks[header];
    let Terminator::Brif { cond, then: into_body, otherwise: exit } = head.terminator else { return None };
    if !body[into_body.0 as usize] || body[exit.0 as usize] || into_body.0 as usize == header {
        return None;
    }
    // Traced back through the definitions that reach the branch (each the last before
    // its reader in the block), so every link still holds its value there.
    let mut traced = cond;
    let mut at = head.insts.len();
    let (test_at, count) = loop {
        at = last_def(head, traced, at)?;
        match head.insts[at].op {
            Op::Copy { src, .. } => traced = src,
            Op::Icmp { cc: IntCC::Ne, lhs, rhs, .. } => {
                let zero = last_def(head, rhs, at)?;
                if !matches!(head.insts[zero].op, Op::Iconst { value: 0, .. }) || function.ty(lhs) != MType::I64 {
                    return None;
                }
                break (at, lhs);
            }
            _ => return None,
        }
    };
    // The count's definitions in the loop: its decrement in the header after the test,
    // and copies of it put back ([`carried_by_header`]).
    let definitions = Definitions::in_loop(blocks, body);
    let in_header: Vec<usize> = definitions.of(count).iter().filter(|&&(b, _)| b == header).map(|&(_, i)| i).collect();
    let [decrement] = in_header[..] else { return None };
    if decrement <= test_at || !is_decrement(head, decrement, count) {
        return None;
    }
    if !carried_by_header(blocks, &definitions, header, count, decrement) {
        return None;
    }
    let checks = bounds_checks(function, header, body, into_body, predecessors, &definitions);
    Some(Plan { header, count, test_at, body: into_body, latch, safepoint, resume, checks })
}

/// Whether `var`'s definitions in the loop are its update at `update` in the header and
/// copies of it put back elsewhere. Lowering passes a loop's values to its header as block
/// arguments: the header copies the updated value (`a = copy var`), and the end of the
/// body copies it back (`var = copy a`), the same value.
fn carried_by_header(blocks: &[BlockData], definitions: &Definitions, header: usize, var: Var, update: usize) -> bool {
    let all = definitions.of(var);
    if all.iter().filter(|&&(b, _)| b == header).count() != 1 || !all.contains(&(header, update)) {
        return false;
    }
    // The header's copies of the updated value (each defined only there in the loop),
    // which equal it from there to the end of the trip.
    let mut aliases = vec![var];
    for (index, inst) in blocks[header].insts.iter().enumerate().skip(update + 1) {
        if let Op::Copy { dst, src } = inst.op {
            if aliases.contains(&src) && definitions.of(dst) == [(header, index)] {
                aliases.push(dst);
            }
        }
    }
    all.iter()
        .filter(|&&(b, _)| b != header)
        .all(|&(b, i)| matches!(blocks[b].insts[i].op, Op::Copy { src, .. } if src != var && aliases.contains(&src)))
}

/// Whether the loop leaves `var` as it found it: no definition, or only copies put back
/// from the header's copies of it (a block argument passed around unchanged).
fn loop_invariant(blocks: &[BlockData], definitions: &Definitions, header: usize, var: Var) -> bool {
    definitions.of(var).iter().all(|&(b, i)| {
        b != header
            && matches!(blocks[b].insts[i].op, Op::Copy { src, .. } if {
                let copies = definitions.of(src);
                !copies.is_empty()
                    && copies.iter().all(|&(sb, si)| sb == header
                        && matches!(blocks[sb].insts[si].op, Op::Copy { src: original, .. } if original == var))
            })
    })
}

/// The induction variables of the loop: updated once per trip in the header by a step the
/// loop does not write (`iv = iadd iv, step`, or through a copy of such a sum), and
/// otherwise only put back ([`carried_by_header`]).
fn induction_variables(function: &Function, header: usize, definitions: &Definitions) -> Vec<(Var, Var)> {
    let head = &function.blocks[header];
    let invariant = |v: Var| loop_invariant(&function.blocks, definitions, header, v);
    let mut found = Vec::new();
    for (at, inst) in head.insts.iter().enumerate() {
        let (dst, sum_at) = match inst.op {
            Op::Binary { op: super::BinaryOp::Iadd, dst, .. } => (dst, at),
            Op::Copy { dst, src } => match last_def(head, src, at) {
                Some(d) => (dst, d),
                None => continue,
            },
            _ => continue,
        };
        let Op::Binary { op: super::BinaryOp::Iadd, lhs, rhs, .. } = head.insts[sum_at].op else { continue };
        // The sum reads the variable's value at the trip's start: not written before it.
        if lhs != dst || function.ty(dst) != MType::I64 || !invariant(rhs) || last_def(head, dst, sum_at).is_some() {
            continue;
        }
        if carried_by_header(&function.blocks, definitions, header, dst, at) && !found.iter().any(|&(v, _)| v == dst) {
            found.push((dst, rhs));
        }
    }
    found
}

/// The bounds checks on the path from the header into the body, up to its first branch
/// that is not one: each reads an index whose value at every trip follows from an
/// induction variable ([`Check`]). Followed through blocks entered only from the path (a
/// check's join is entered from the check and its fix-up arm, which the checked copy of
/// the loop drops).
fn bounds_checks(
    function: &Function,
    header: usize,
    body: &[bool],
    into_body: Block,
    predecessors: &[u32],
    definitions: &Definitions,
) -> Vec<Check> {
    let ivs = induction_variables(function, header, definitions);
    if ivs.is_empty() {
        return Vec::new();
    }
    // What each variable holds on the path: (which induction variable, offset).
    let mut symbolic: std::collections::HashMap<Var, (usize, i64)> =
        ivs.iter().enumerate().map(|(k, &(iv, _))| (iv, (k, 0))).collect();
    let step = |inst: &Op, symbolic: &mut std::collections::HashMap<Var, (usize, i64)>| match *inst {
        Op::Copy { dst, src } => match symbolic.get(&src).copied() {
            Some(value) => {
                symbolic.insert(dst, value);
            }
            None => {
                symbolic.remove(&dst);
            }
        },
        Op::Binary { op: super::BinaryOp::Iadd, dst, lhs, rhs } => {
            let value = symbolic.get(&lhs).copied().filter(|&(k, offset)| offset == 0 && ivs[k].1 == rhs);
            match value {
                Some((k, _)) => {
                    symbolic.insert(dst, (k, 1));
                }
                None => {
                    symbolic.remove(&dst);
                }
            }
        }
        ref op => op.for_each_def(|v| {
            symbolic.remove(&v);
        }),
    };
    for inst in &function.blocks[header].insts {
        step(&inst.op, &mut symbolic);
    }
    let mut checks = Vec::new();
    let mut block = into_body.0 as usize;
    let mut visited = vec![false; function.blocks.len()];
    while body[block]
        && block != header
        && !visited[block]
        && predecessors[block] == 1 + (checks.last().is_some_and(|c: &Check| c.fast.0 as usize == block) as u32)
    {
        visited[block] = true;
        let data = &function.blocks[block];
        for inst in &data.insts {
            step(&inst.op, &mut symbolic);
        }
        match data.terminator {
            Terminator::Jump(to) => block = to.0 as usize,
            Terminator::Brif { cond, then, otherwise } => {
                let Some(at) = last_def(data, cond, data.insts.len()) else { break };
                let Op::Icmp { cc: IntCC::Ult, lhs, rhs, .. } = data.insts[at].op else { break };
                let Some(&(k, offset)) = symbolic.get(&lhs) else { break };
                let fix = &function.blocks[otherwise.0 as usize];
                let fix_rejoins = predecessors[otherwise.0 as usize] == 1 && fix.terminator == Terminator::Jump(then);
                if !loop_invariant(&function.blocks, definitions, header, rhs)
                    || function.ty(rhs) != MType::I64
                    || !fix_rejoins
                    || then == otherwise
                {
                    break;
                }
                let (iv, step_var) = ivs[k];
                checks.push(Check { block, fast: then, fix: otherwise, iv, step: step_var, offset, len: rhs });
                block = then.0 as usize;
            }
            Terminator::Return(_) | Terminator::Exit(_) => break,
        }
    }
    checks
}

/// Whether instruction `at` of `block` sets `count` to `count - 1`: `count = iadd count, m`
/// or `count = copy d` after `d = iadd count, m` (with `count` unchanged in between), `m`
/// being the constant -1 defined in the block.
fn is_decrement(block: &BlockData, at: usize, count: Var) -> bool {
    let minus_one = |var: Var, before: usize| {
        last_def(block, var, before).is_some_and(|i| matches!(block.insts[i].op, Op::Iconst { value: -1, .. }))
    };
    match block.insts[at].op {
        Op::Binary { op: super::BinaryOp::Iadd, lhs, rhs, .. } => lhs == count && minus_one(rhs, at),
        Op::Copy { src, .. } => last_def(block, src, at).is_some_and(|d| {
            matches!(block.insts[d].op, Op::Binary { op: super::BinaryOp::Iadd, lhs, rhs, .. }
                if lhs == count && minus_one(rhs, d))
        }),
        _ => false,
    }
}

/// Makes the loop a nest: a new inner header tests the count against the chunk's end
/// and enters the old header, which no longer tests (the count is above the chunk's end,
/// so not zero); the latch's back edge goes to the inner header. At a chunk's end, a
/// block off the loop's path tells the end of the loop (the old header's last trip, run
/// by a copy of it, then the exit) from the end of the chunk (the next chunk's end, the
/// poll, back to the inner header). Invariant at the inner header: the count is at or
/// above the chunk's end, unsigned.
fn rewrite(function: &mut Function, plan: &Plan, body: &[bool], local: &[bool]) {
    let new_var = |function: &mut Function, ty: MType| {
        function.vars.push(ty);
        Var(function.vars.len() as u32 - 1)
    };
    let chunk_end = new_var(function, MType::I64);
    let [in_chunk, more, pending] = [(); 3].map(|_| new_var(function, MType::I1));
    let [zero, one, mask, before] = [(); 4].map(|_| new_var(function, MType::I64));
    let line = function.blocks[plan.header].insts[plan.test_at].line;
    let inst = |op: Op| Inst { op, line };
    let blocks = function.blocks.len() as u32;
    let (inner, chunk_over, last_trip, refill) =
        (Block(blocks), Block(blocks + 1), Block(blocks + 2), Block(blocks + 3));
    let header = Block(plan.header as u32);
    // Every entry from outside starts with an empty chunk: the first trip goes through
    // the poll, which sets the chunk's end.
    for index in 0..function.blocks.len() {
        if body.get(index).copied().unwrap_or(false) {
            continue;
        }
        let block = &mut function.blocks[index];
        let mut enters = false;
        match &mut block.terminator {
            Terminator::Jump(to) => retarget(to, header, inner, &mut enters),
            Terminator::Brif { then, otherwise, .. } => {
                retarget(then, header, inner, &mut enters);
                retarget(otherwise, header, inner, &mut enters);
            }
            Terminator::Return(_) | Terminator::Exit(_) => {}
        }
        if enters {
            block.insts.push(inst(Op::Copy { dst: chunk_end, src: plan.count }));
        }
    }
    // Where the loop leaves, read now: an earlier rewrite may have sent the header's exit
    // edge to another loop's inner header.
    let Terminator::Brif { otherwise: exit, .. } = function.blocks[plan.header].terminator else {
        unreachable!("a planned header ends in its trip test")
    };
    let mut last = rotate::copies_with_fresh_locals(function, &[plan.header], local).remove(0);
    last.terminator = Terminator::Jump(exit);
    function.blocks.push(BlockData {
        insts: vec![inst(Op::Icmp { cc: IntCC::Ne, dst: in_chunk, lhs: plan.count, rhs: chunk_end })],
        terminator: Terminator::Brif { cond: in_chunk, then: header, otherwise: chunk_over },
        terminator_line: line,
    });
    function.blocks.push(BlockData {
        insts: vec![
            inst(Op::Iconst { dst: zero, value: 0 }),
            inst(Op::Icmp { cc: IntCC::Ne, dst: more, lhs: plan.count, rhs: zero }),
        ],
        terminator: Terminator::Brif { cond: more, then: refill, otherwise: last_trip },
        terminator_line: line,
    });
    function.blocks.push(last);
    // The next chunk ends at the multiple of CHUNK below the count (not zero here): one
    // to CHUNK trips. A mask, not `max(count - CHUNK, 0)`: x86's code generator put that
    // select's compare and `cmov` into the loop's every trip (sum_squares).
    function.blocks.push(BlockData {
        insts: vec![
            inst(Op::Iconst { dst: one, value: 1 }),
            inst(Op::Binary { op: super::BinaryOp::Isub, dst: before, lhs: plan.count, rhs: one }),
            inst(Op::Iconst { dst: mask, value: -CHUNK }),
            inst(Op::Binary { op: super::BinaryOp::Band, dst: chunk_end, lhs: before, rhs: mask }),
            inst(Op::PollPending { dst: pending }),
        ],
        terminator: Terminator::Brif { cond: pending, then: Block(plan.safepoint as u32), otherwise: inner },
        terminator_line: line,
    });
    function.blocks[plan.header].terminator = Terminator::Jump(plan.body);
    let safepoint = &mut function.blocks[plan.safepoint];
    for inst in &mut safepoint.insts {
        if let Op::ExitIf { exit: Exit::TierUp(to), .. } = &mut inst.op {
            *to = inner;
        }
    }
    safepoint.terminator = Terminator::Jump(inner);
    let latch = &mut function.blocks[plan.latch];
    latch.insts.pop();
    latch.terminator = Terminator::Jump(plan.resume);
    function.blocks[plan.resume.0 as usize].terminator = Terminator::Jump(inner);
    // Last: the copy is of the loop as rewritten above.
    if !plan.checks.is_empty() {
        let unchecked = unchecked_copy(function, plan, body, inner, local);
        let decide = function.blocks.len() as u32;
        let insts = chunk_in_bounds(function, plan, chunk_end, line);
        let ok = match insts.last().map(|i| &i.op) {
            Some(Op::Binary { dst, .. }) => *dst,
            _ => unreachable!("chunk_in_bounds ends with the conjunction"),
        };
        function.blocks.push(BlockData {
            insts,
            terminator: Terminator::Brif { cond: ok, then: unchecked, otherwise: inner },
            terminator_line: line,
        });
        function.blocks[refill.0 as usize].terminator =
            Terminator::Brif { cond: pending, then: Block(plan.safepoint as u32), otherwise: Block(decide) };
    }
}

/// Instructions computing whether every check of `plan` passes on every trip of the chunk
/// about to start (at the inner header: `count - chunk_end` trips, at least one), ending
/// with the conjunction. An index is the induction variable plus `offset + t` steps at
/// trip `t`; a sequence without wrap-around is monotone, so its first and last value in
/// `0..len` put them all there. Wrap-around (an overflowing product or sum) fails.
fn chunk_in_bounds(function: &mut Function, plan: &Plan, chunk_end: Var, line: u32) -> Vec<Inst> {
    let new_var = |function: &mut Function, ty: MType| {
        function.vars.push(ty);
        Var(function.vars.len() as u32 - 1)
    };
    let mut insts = Vec::new();
    let mut emit = |op: Op| insts.push(Inst { op, line });
    let trips = new_var(function, MType::I64);
    emit(Op::Binary { op: super::BinaryOp::Isub, dst: trips, lhs: plan.count, rhs: chunk_end });
    let mut all = new_var(function, MType::I1);
    emit(Op::Iconst { dst: all, value: 1 });
    for check in &plan.checks {
        let [first_steps, last_steps, first_offset, last_offset, first, last] =
            [(); 6].map(|_| new_var(function, MType::I64));
        let [o1, o2, o3, o4, in1, in2, out1, out2, ok] = [(); 9].map(|_| new_var(function, MType::I1));
        let minus_one = new_var(function, MType::I64);
        emit(Op::Iconst { dst: first_steps, value: check.offset });
        emit(Op::Iconst { dst: minus_one, value: check.offset - 1 });
        emit(Op::Binary { op: super::BinaryOp::Iadd, dst: last_steps, lhs: trips, rhs: minus_one });
        emit(Op::Overflow {
            op: super::OverflowOp::Smul,
            dst: first_offset,
            overflow: o1,
            lhs: first_steps,
            rhs: check.step,
        });
        emit(Op::Overflow {
            op: super::OverflowOp::Smul,
            dst: last_offset,
            overflow: o2,
            lhs: last_steps,
            rhs: check.step,
        });
        emit(Op::Overflow { op: super::OverflowOp::Sadd, dst: first, overflow: o3, lhs: check.iv, rhs: first_offset });
        emit(Op::Overflow { op: super::OverflowOp::Sadd, dst: last, overflow: o4, lhs: check.iv, rhs: last_offset });
        emit(Op::Icmp { cc: IntCC::Ult, dst: in1, lhs: first, rhs: check.len });
        emit(Op::Icmp { cc: IntCC::Ult, dst: in2, lhs: last, rhs: check.len });
        for (dst, a, b) in [(out1, o1, o2), (out2, o3, o4)] {
            emit(Op::Binary { op: super::BinaryOp::Bor, dst, lhs: a, rhs: b });
        }
        let wraps = new_var(function, MType::I1);
        emit(Op::Binary { op: super::BinaryOp::Bor, dst: wraps, lhs: out1, rhs: out2 });
        let fits = new_var(function, MType::I1);
        emit(Op::Unary { op: super::UnaryOp::Bnot, dst: fits, arg: wraps });
        let inside = new_var(function, MType::I1);
        emit(Op::Binary { op: super::BinaryOp::Band, dst: inside, lhs: in1, rhs: in2 });
        emit(Op::Binary { op: super::BinaryOp::Band, dst: ok, lhs: inside, rhs: fits });
        let next = new_var(function, MType::I1);
        emit(Op::Binary { op: super::BinaryOp::Band, dst: next, lhs: all, rhs: ok });
        all = next;
    }
    insts
}

/// A copy of the inner loop (the inner header and the loop's blocks, without the
/// safepoint, which the refill reaches, and without the checks' fix-up arms) whose checks
/// jump straight to their fast arms. Its exits are the loop's; its variables are the
/// loop's, but for those local to one block, which get fresh ones so that backends keep
/// them as plain values. Returns the copy's inner header.
fn unchecked_copy(function: &mut Function, plan: &Plan, body: &[bool], inner: Block, local: &[bool]) -> Block {
    let mut copied: Vec<usize> = (0..body.len())
        .filter(|&b| body[b] && b != plan.safepoint && !plan.checks.iter().any(|c| c.fix.0 as usize == b))
        .collect();
    copied.push(inner.0 as usize);
    let first = function.blocks.len() as u32;
    let map = |b: Block| copied.iter().position(|&c| c == b.0 as usize).map_or(b, |k| Block(first + k as u32));
    let mut copies = rotate::copies_with_fresh_locals(function, &copied, local);
    for (block, &b) in copies.iter_mut().zip(&copied) {
        block.terminator = match block.terminator {
            Terminator::Brif { then, .. } if plan.checks.iter().any(|c| c.block == b) => Terminator::Jump(map(then)),
            Terminator::Brif { cond, then, otherwise } => {
                Terminator::Brif { cond, then: map(then), otherwise: map(otherwise) }
            }
            Terminator::Jump(to) => Terminator::Jump(map(to)),
            ref other => other.clone(),
        };
    }
    function.blocks.extend(copies);
    map(inner)
}

fn retarget(target: &mut Block, from: Block, to: Block, changed: &mut bool) {
    if *target == from {
        *target = to;
        *changed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lir::{parse_module, run, verify, Module};

    /// `for x in range(n): total += x` as lowering makes it: the header counts `v2` down,
    /// the latch (block3) polls, its safepoint (block4) may deoptimize or tier up.
    const RANGE_SUM: &str = r#"deopt 0: "a signal arrived (Ctrl-C)" line 1

function "f"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i1, v8: i64, v9: i64
  vars v10: i1, v11: i64, v12: i1, v13: i64, v14: i64, v15: i1, v16: i64, v17: i1
block0:
  v1 = iconst.i64 0
  v2 = copy v0
  v3 = iconst.i64 0
  jump block1
block1:
  v8 = copy v3
  v5 = iconst.i64 0
  v4 = icmp ne v2, v5
  v6 = iconst.i64 1
  v3 = iadd v3, v6
  v9 = iconst.i64 -1
  v2 = iadd v2, v9
  v12 = copy v4
  v7 = copy v12
  brif v7, block2, block6
block2:
  v1 = iadd v1, v8
  jump block3
block3:
  v10 = poll_pending
  brif v10, block4, block5
block4:
  v11 = depth
  v13 = call_helper pynum_safepoint(v11)
  v14 = iconst.i64 1
  v15 = icmp eq v13, v14
  exit_if v15, deopt 0
  v16 = iconst.i64 2
  v17 = icmp eq v13, v16
  exit_if v17, tier_up block5
  jump block5
block5:
  jump block1
block6:
  return v1
"#;

    fn outcome(module: &Module, n: i64) -> String {
        format!("{:?}", run(module, 0, &[n as u64], 100, 10_000_000))
    }

    fn chunked(text: &str) -> (Module, Module, usize) {
        let original = parse_module(text).unwrap();
        verify(&original).unwrap();
        let mut rewritten = original.clone();
        let count = chunk_polls(&mut rewritten.functions[0]);
        verify(&rewritten).unwrap_or_else(|e| panic!("{e}\n{rewritten}"));
        (original, rewritten, count)
    }

    #[test]
    fn a_range_loop_polls_once_per_chunk_with_the_same_results() {
        let (original, rewritten, count) = chunked(RANGE_SUM);
        assert_eq!(count, 1);
        let function = &rewritten.functions[0];
        // The latch polls no more; the header tests the count against the chunk's end.
        assert_eq!(function.blocks[3].terminator, Terminator::Jump(Block(5)));
        assert!(!function.blocks[3].insts.iter().any(|i| matches!(i.op, Op::PollPending { .. })));
        let polls = function.blocks.iter().flat_map(|b| &b.insts).filter(|i| matches!(i.op, Op::PollPending { .. }));
        assert_eq!(polls.count(), 1);
        for n in [0, 1, 2, 3, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK, 3 * CHUNK + 7] {
            assert_eq!(outcome(&original, n), outcome(&rewritten, n), "f({n})");
        }
        // What the header's last trip (the one that leaves) writes is seen after the loop:
        // `v3`, stepped once more than the body saw.
        let (original, rewritten, _) = chunked(&RANGE_SUM.replace("  return v1", "  v1 = iadd v1, v3\n  return v1"));
        for n in [0, 1, CHUNK, CHUNK + 1] {
            assert_eq!(outcome(&original, n), outcome(&rewritten, n), "f({n})");
        }
    }

    /// [`RANGE_SUM`] with the count passed back to the header as lowering passes block
    /// arguments: copied after its decrement (`v18`), copied back at the end of the body.
    fn passed_back(extra_in_body: &str) -> String {
        RANGE_SUM
            .replace("v16: i64, v17: i1", "v16: i64, v17: i1, v18: i64")
            .replace("  v12 = copy v4\n", "  v12 = copy v4\n  v18 = copy v2\n")
            .replace(
                "  v1 = iadd v1, v8\n  jump block3",
                &format!("  v1 = iadd v1, v8\n{extra_in_body}  v2 = copy v18\n  jump block3"),
            )
    }

    #[test]
    fn a_count_passed_back_through_a_copy_is_still_the_count() {
        let (original, rewritten, count) = chunked(&passed_back(""));
        assert_eq!(count, 1);
        for n in [0, 1, 2, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3] {
            assert_eq!(outcome(&original, n), outcome(&rewritten, n), "f({n})");
        }
        // Not when the copy is written again in the body.
        let (_, _, count) = chunked(&passed_back("  v18 = copy v1\n"));
        assert_eq!(count, 0);
    }

    /// `for j in range(start, start + count * step, step): total += xs[j]` over a byte
    /// string `xs` (pointer `v0`, length `v1`) as lowering makes it: block2 checks the
    /// index, block3 wraps a negative one (or leaves), the latch (block5) polls.
    const INDEXED_SUM: &str = r#"deopt 0: "a signal arrived (Ctrl-C)" line 1
deopt 1: "an index out of range" line 1

function "f"(v0: ptr, v1: i64, v2: i64, v3: i64, v4: i64) -> i64
  vars v5: i64, v6: i64, v7: i64, v8: i64, v9: i64, v10: i1, v11: i64, v12: i64, v13: i64
  vars v14: i64, v15: i1, v16: i1, v17: ptr, v18: i8, v19: i64, v20: i1, v21: i64, v22: i64
  vars v23: i64, v24: i1, v25: i64, v26: i1
block0:
  v5 = iconst.i64 0
  v6 = copy v2
  v7 = copy v3
  jump block1
block1:
  v8 = copy v6
  v9 = iconst.i64 0
  v10 = icmp ne v7, v9
  v11 = iadd v6, v4
  v6 = copy v11
  v12 = iconst.i64 -1
  v13 = iadd v7, v12
  v7 = copy v13
  brif v10, block2, block8
block2:
  v14 = copy v8
  v15 = icmp ult v8, v1
  brif v15, block4, block3
block3:
  v14 = iadd v8, v1
  v16 = icmp uge v14, v1
  exit_if v16, deopt 1
  jump block4
block4:
  v17 = iadd v0, v14
  v18 = load.i8 v17+0
  v19 = uextend.i64 v18
  v5 = iadd v5, v19
  jump block5
block5:
  v20 = poll_pending
  brif v20, block6, block7
block6:
  v21 = depth
  v22 = call_helper pynum_safepoint(v21)
  v23 = iconst.i64 1
  v24 = icmp eq v22, v23
  exit_if v24, deopt 0
  v25 = iconst.i64 2
  v26 = icmp eq v22, v25
  exit_if v26, tier_up block7
  jump block7
block7:
  jump block1
block8:
  return v5
"#;

    #[test]
    fn a_chunk_whose_indices_are_all_in_bounds_runs_a_copy_without_checks_with_the_same_results() {
        let (original, rewritten, count) = chunked(INDEXED_SUM);
        assert_eq!(count, 1);
        let function = &rewritten.functions[0];
        // The copy: its check block jumps straight to the load.
        let unchecked = function.blocks.iter().filter(|b| {
            b.insts.iter().any(|i| matches!(i.op, Op::Icmp { cc: IntCC::Ult, .. }))
                && matches!(b.terminator, Terminator::Jump(_))
                && b.insts.len() == 2
        });
        assert_eq!(unchecked.count(), 1, "{rewritten}");
        let len = 3 * CHUNK as usize + 100;
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
        let run_both = |start: i64, trips: i64, step: i64| {
            let args = [bytes.as_ptr() as u64, len as u64, start as u64, trips as u64, step as u64];
            let outcome = |m: &Module| format!("{:?}", run(m, 0, &args, 100, 100_000_000));
            let (a, b) = (outcome(&original), outcome(&rewritten));
            assert_eq!(a, b, "start {start}, {trips} trips, step {step}");
            a
        };
        let len = len as i64;
        let cases = [
            (0, len, 1),
            (0, len / 2, 2),
            (len - 1, len, -1),
            // Negative indices wrap: the checked loop takes its fix-up arm.
            (-len, len, 1),
            (-5, 10, 1),
            (-1, len, -1),
            // Out of range at the last trip, in a later chunk, and at once.
            (0, len + 1, 1),
            (CHUNK, len, 1),
            (len, 3, 1),
            // Steps whose products wrap around.
            (0, 3, i64::MAX / 2),
            (1, 3 * CHUNK, i64::MAX / 3),
            (0, 0, 1),
            (0, 1, 1),
        ];
        for (start, trips, step) in cases {
            run_both(start, trips, step);
        }
        assert!(run_both(0, len, 1).contains("Return"), "the plain sum returns");
    }

    /// Two `range` loops, the second's header (block7) leaving straight into the first's
    /// (block1): the first is rewritten first, and sends that exit edge to its inner
    /// header, which the second's last trip must take too.
    #[test]
    fn a_loop_leaving_into_another_loops_header_enters_its_inner_header() {
        let first = RANGE_SUM.split("block0:").nth(1).unwrap();
        let body = first.replace("  return v1\n", "  v1 = iadd v1, v2\n  return v1\n");
        // The second loop: blocks 7 to 12, its own counter (v18) and total into v1.
        let second = "block7:
  v19 = iconst.i64 0
  v20 = icmp ne v18, v19
  v21 = iconst.i64 -1
  v18 = iadd v18, v21
  brif v20, block8, block1
block8:
  v1 = iadd v1, v18
  jump block9
block9:
  v22 = poll_pending
  brif v22, block10, block11
block10:
  v23 = depth
  v24 = call_helper pynum_safepoint(v23)
  v25 = iconst.i64 1
  v26 = icmp eq v24, v25
  exit_if v26, deopt 0
  jump block11
block11:
  jump block7
";
        let text = format!(
            "{}  vars v18: i64, v19: i64, v20: i1, v21: i64, v22: i1, v23: i64, v24: i64, v25: i64, v26: i1\nblock0:{}{}",
            RANGE_SUM.split("block0:").next().unwrap(),
            body.replacen("  jump block1\n", "  v18 = copy v0\n  jump block7\n", 1),
            second
        );
        let (original, rewritten, count) = chunked(&text);
        assert_eq!(count, 2, "{rewritten}");
        for n in [0, 1, 5, CHUNK, CHUNK + 1] {
            assert_eq!(outcome(&original, n), outcome(&rewritten, n), "f({n})\n{rewritten}");
        }
    }

    #[test]
    fn the_moved_poll_tiers_up_to_the_inner_header_with_the_chunk_end_live() {
        let (_, rewritten, _) = chunked(RANGE_SUM);
        let function = &rewritten.functions[0];
        // Blocks 0-6 were the loop's; the inner header is the first block added.
        let inner = Block(7);
        assert_eq!(function.resume_blocks(), vec![inner]);
        assert_eq!(function.blocks[5].terminator, Terminator::Jump(inner));
        assert_eq!(function.blocks[0].terminator, Terminator::Jump(inner));
        // The old header no longer tests: inside a chunk the count is not zero.
        assert_eq!(function.blocks[1].terminator, Terminator::Jump(Block(2)));
        let chunk_end = Var(RANGE_SUM_VARS);
        assert!(function.live_ins()[inner.0 as usize].contains(&chunk_end), "{rewritten}");
    }

    /// The variables of [`RANGE_SUM`]: the chunk's end is the first one the rewrite adds.
    const RANGE_SUM_VARS: u32 = 18;

    #[test]
    fn loops_that_call_count_otherwise_or_have_two_back_edges_keep_their_polls() {
        // A call in the body: a chunk would be unbounded work.
        let (_, _, count) = chunked(&RANGE_SUM.replace("  v1 = iadd v1, v8\n", "  v1 = call fn0(v8)\n"));
        assert_eq!(count, 0);
        // A `while` loop: its header compares, it does not count down.
        let (_, _, count) = chunked(&RANGE_SUM.replace("v4 = icmp ne v2, v5", "v4 = icmp sgt v2, v5"));
        assert_eq!(count, 0);
        // A count stepped by two: the chunk's end could be stepped over.
        let (_, _, count) = chunked(&RANGE_SUM.replace("v9 = iconst.i64 -1", "v9 = iconst.i64 -2"));
        assert_eq!(count, 0);
        // The count written in the body too.
        let (_, _, count) = chunked(&RANGE_SUM.replace("  v1 = iadd v1, v8\n", "  v1 = iadd v1, v8\n  v2 = copy v8\n"));
        assert_eq!(count, 0);
        // A second way back to the header (a `continue` that skips the poll).
        let (_, _, count) = chunked(
            &RANGE_SUM.replace("  v1 = iadd v1, v8\n  jump block3", "  v1 = iadd v1, v8\n  brif v4, block1, block3"),
        );
        assert_eq!(count, 0);
    }
}
