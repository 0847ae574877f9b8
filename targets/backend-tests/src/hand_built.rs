//! LIR built by hand that every backend must run as the LIR interpreter would: loops
//! and block 0 as a branch target, checked arithmetic and its deoptimization sites, zero
//! divisors, floats and NaN comparisons, rounding, negative zero, narrow ints (`i1`
//! kept 0 or 1, `i8`), helper calls with the ABI's signatures, calls that pass results
//! and failures through, recursion bounded by the depth, loads and stores at the list
//! layout's offsets, raises, the interrupt flag read at every poll, and malformed LIR
//! reported as an error.
//!
//! Assumes a backend for the host (each test runs the code it compiles).
use pynum_jit::backend::{Backend, BackendError, DumpOptions, NativeCode};
use pynum_jit::lir::{
    self, BinaryOp, Block, BlockData, Exit, FloatCC, Function, Inst, IntCC, MType, Module, Op, OverflowOp, Status,
    Terminator, UnaryOp, Var,
};
use MType::{Ptr, F64, I1, I64, I8};

/// A test: runs hand-built LIR on the backend and panics on a difference.
pub type Test = fn(&dyn Backend);

/// Every test here, by name, for the harness to run on a backend.
pub const TESTS: &[(&str, Test)] = &[
    ("counting_loop_with_back_edge", counting_loop_with_back_edge),
    ("jump_back_to_block_zero", jump_back_to_block_zero),
    ("overflow_deoptimizes_with_its_site", overflow_deoptimizes_with_its_site),
    ("zero_divisor_exits_with_its_status", zero_divisor_exits_with_its_status),
    ("floats_and_nan_comparisons", floats_and_nan_comparisons),
    ("float_rounding_and_conversions", float_rounding_and_conversions),
    ("select_on_a_truth_value", select_on_a_truth_value),
    ("narrow_ints_stay_in_range", narrow_ints_stay_in_range),
    ("helpers_are_called_with_their_signatures", helpers_are_called_with_their_signatures),
    ("calls_pass_results_and_failures_through", calls_pass_results_and_failures_through),
    ("recursion_uses_the_depth", recursion_uses_the_depth),
    ("loads_and_stores_through_a_pointer", loads_and_stores_through_a_pointer),
    ("raise_exit", raise_exit),
    ("malformed_lir_is_an_error", malformed_lir_is_an_error),
    ("negative_zero_is_kept", negative_zero_is_kept),
    ("wrapping_integer_edges", wrapping_integer_edges),
    ("truth_values_in_memory", truth_values_in_memory),
    ("pointer_arithmetic", pointer_arithmetic),
    ("interrupt_flag_is_read_at_every_poll", interrupt_flag_is_read_at_every_poll),
];

/// Tests that poll the process's interrupt flag take turns with the one that sets it.
static INTERRUPT_FLAG: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Builds a LIR function by hand.
pub struct Build {
    f: Function,
}

impl Build {
    pub fn new(name: &str, params: &[MType], results: &[MType]) -> (Build, Vec<Var>) {
        let f = Function {
            name: name.into(),
            params: Vec::new(),
            results: results.to_vec(),
            vars: Vec::new(),
            blocks: Vec::new(),
        };
        let mut build = Build { f };
        let params: Vec<Var> = params.iter().map(|&ty| build.var(ty)).collect();
        build.f.params = params.clone();
        (build, params)
    }

    pub fn var(&mut self, ty: MType) -> Var {
        self.f.vars.push(ty);
        Var(self.f.vars.len() as u32 - 1)
    }

    pub fn block(&mut self) -> Block {
        self.f.blocks.push(BlockData {
            insts: Vec::new(),
            terminator: Terminator::Exit(Exit::Status(Status::Ok)),
            terminator_line: 1,
        });
        Block(self.f.blocks.len() as u32 - 1)
    }

    pub fn op(&mut self, block: Block, op: Op) {
        self.f.blocks[block.0 as usize].insts.push(Inst { op, line: 1 });
    }

    pub fn end(&mut self, block: Block, terminator: Terminator) {
        self.f.blocks[block.0 as usize].terminator = terminator;
    }

    pub fn iconst(&mut self, block: Block, ty: MType, value: i64) -> Var {
        let dst = self.var(ty);
        self.op(block, Op::Iconst { dst, value });
        dst
    }

    pub fn fconst(&mut self, block: Block, value: f64) -> Var {
        let dst = self.var(F64);
        self.op(block, Op::Fconst { dst, value });
        dst
    }

    pub fn unary(&mut self, block: Block, op: UnaryOp, ty: MType, arg: Var) -> Var {
        let dst = self.var(ty);
        self.op(block, Op::Unary { op, dst, arg });
        dst
    }

    pub fn binary(&mut self, block: Block, op: BinaryOp, lhs: Var, rhs: Var) -> Var {
        let dst = self.var(self.f.ty(lhs));
        self.op(block, Op::Binary { op, dst, lhs, rhs });
        dst
    }

    pub fn icmp(&mut self, block: Block, cc: IntCC, lhs: Var, rhs: Var) -> Var {
        let dst = self.var(I1);
        self.op(block, Op::Icmp { cc, dst, lhs, rhs });
        dst
    }

    pub fn fcmp(&mut self, block: Block, cc: FloatCC, lhs: Var, rhs: Var) -> Var {
        let dst = self.var(I1);
        self.op(block, Op::Fcmp { cc, dst, lhs, rhs });
        dst
    }

    pub fn done(self) -> Function {
        self.f
    }
}

pub fn module(functions: Vec<Function>) -> Module {
    Module { functions, ..Module::default() }
}

/// `module` compiled by `backend`; a failure is the test's.
pub fn compile(backend: &dyn Backend, module: &Module) -> Box<dyn NativeCode> {
    match backend.compile(module, &DumpOptions::default()) {
        Ok(code) => code,
        Err(e) => panic!("{e}"),
    }
}

/// Runs the entry with `args`; returns the status and the out buffer.
pub fn run_with_depth(code: &dyn NativeCode, args: &[u64], depth: i64) -> (u32, [u64; 16]) {
    let mut out = [UNWRITTEN; 16];
    // SAFETY: every test passes one word per root parameter, and no root returns
    // more than 16 words.
    let status = unsafe { (code.entry())(args.as_ptr(), out.as_mut_ptr(), depth) };
    (status, out)
}

pub fn run(code: &dyn NativeCode, args: &[u64]) -> (u32, [u64; 16]) {
    run_with_depth(code, args, 100)
}

pub const OK: u32 = Status::Ok as u32;

/// What the out buffer holds where nothing was written.
pub const UNWRITTEN: u64 = 0xdead_beef;

pub fn f(x: f64) -> u64 {
    x.to_bits()
}

/// `sum(range(n))` with the loop written as LIR: the header tests, the body adds and
/// jumps back, and polls the interrupt flag at the back edge.
fn counting_loop_with_back_edge(backend: &dyn Backend) {
    let _flag = INTERRUPT_FLAG.lock().unwrap_or_else(|e| e.into_inner());
    let (mut b, p) = Build::new("sum", &[I64], &[I64]);
    let n = p[0];
    let (entry, header, body, exit) = (b.block(), b.block(), b.block(), b.block());
    let i = b.iconst(entry, I64, 0);
    let acc = b.iconst(entry, I64, 0);
    b.end(entry, Terminator::Jump(header));
    let more = b.icmp(header, IntCC::Slt, i, n);
    b.end(header, Terminator::Brif { cond: more, then: body, otherwise: exit });
    let sum = b.binary(body, BinaryOp::Iadd, acc, i);
    b.op(body, Op::Copy { dst: acc, src: sum });
    let one = b.iconst(body, I64, 1);
    let next = b.binary(body, BinaryOp::Iadd, i, one);
    b.op(body, Op::Copy { dst: i, src: next });
    let pending = b.var(I1);
    b.op(body, Op::PollPending { dst: pending });
    b.op(body, Op::ExitIf { cond: pending, exit: Exit::Deopt(0) });
    b.end(body, Terminator::Jump(header));
    b.end(exit, Terminator::Return(vec![acc]));
    let code = compile(backend, &module(vec![b.done()]));
    for (n, sum) in [(0i64, 0i64), (1, 0), (10, 45), (100_000, 4_999_950_000), (-5, 0)] {
        let (status, out) = run(&*code, &[n as u64]);
        assert_eq!((status, out[0] as i64), (OK, sum), "sum(range({n}))");
    }
}

/// LIR block 0 may be a branch target (Cranelift's entry block may not be).
fn jump_back_to_block_zero(backend: &dyn Backend) {
    let (mut b, p) = Build::new("down_to_ten", &[I64], &[I64]);
    let (head, body, done) = (b.block(), b.block(), b.block());
    let ten = b.iconst(head, I64, 10);
    let above = b.icmp(head, IntCC::Sgt, p[0], ten);
    b.end(head, Terminator::Brif { cond: above, then: body, otherwise: done });
    let one = b.iconst(body, I64, 1);
    let less = b.binary(body, BinaryOp::Isub, p[0], one);
    b.op(body, Op::Copy { dst: p[0], src: less });
    b.end(body, Terminator::Jump(head));
    // A branch whose two targets are one block.
    let (same, last) = (b.block(), b.block());
    b.end(done, Terminator::Brif { cond: above, then: same, otherwise: same });
    b.end(same, Terminator::Jump(last));
    b.end(last, Terminator::Return(vec![p[0]]));
    let code = compile(backend, &module(vec![b.done()]));
    assert_eq!(run(&*code, &[25]), (OK, run(&*code, &[10]).1));
    assert_eq!(run(&*code, &[25]).1[0], 10);
    assert_eq!(run(&*code, &[3]).1[0], 3);
}

/// Checked arithmetic: the wrapped result, or a deoptimization naming its site.
fn overflow_deoptimizes_with_its_site(backend: &dyn Backend) {
    type Checked = fn(i64, i64) -> Option<i64>;
    let cases: [(OverflowOp, Checked); 3] = [
        (OverflowOp::Sadd, i64::checked_add),
        (OverflowOp::Ssub, i64::checked_sub),
        (OverflowOp::Smul, i64::checked_mul),
    ];
    for (op, reference) in cases {
        let (mut b, p) = Build::new("checked", &[I64, I64], &[I64]);
        let block = b.block();
        let (dst, overflow) = (b.var(I64), b.var(I1));
        b.op(block, Op::Overflow { op, dst, overflow, lhs: p[0], rhs: p[1] });
        b.op(block, Op::ExitIf { cond: overflow, exit: Exit::Deopt(3) });
        b.end(block, Terminator::Return(vec![dst]));
        let mut m = module(vec![b.done()]);
        m.deopt_sites = vec![("overflow".into(), 1); 4];
        let code = compile(backend, &m);
        for (x, y) in [
            (1i64, 2i64),
            (i64::MAX, 1),
            (i64::MIN, 1),
            (i64::MIN, -1),
            (1 << 32, 1 << 31),
            (1 << 32, 1 << 32),
            (-7, 9),
        ] {
            let (status, out) = run(&*code, &[x as u64, y as u64]);
            match reference(x, y) {
                Some(r) => assert_eq!((status, out[0] as i64), (OK, r), "{op:?} {x} {y}"),
                None => assert_eq!((status, out[0]), (Status::Deopt as u32, 3), "{op:?} {x} {y}"),
            }
        }
    }
}

/// A zero divisor leaves with `ZeroDivision`; otherwise truncating division and
/// remainder, signed and unsigned, come back as two results.
fn zero_divisor_exits_with_its_status(backend: &dyn Backend) {
    let (mut b, p) = Build::new("divmod", &[I64, I64], &[I64, I64, I64, I64]);
    let block = b.block();
    let zero = b.iconst(block, I64, 0);
    let is_zero = b.icmp(block, IntCC::Eq, p[1], zero);
    b.op(block, Op::ExitIf { cond: is_zero, exit: Exit::Status(Status::ZeroDivision) });
    let q = b.binary(block, BinaryOp::Sdiv, p[0], p[1]);
    let r = b.binary(block, BinaryOp::Srem, p[0], p[1]);
    let uq = b.binary(block, BinaryOp::Udiv, p[0], p[1]);
    let ur = b.binary(block, BinaryOp::Urem, p[0], p[1]);
    b.end(block, Terminator::Return(vec![q, r, uq, ur]));
    let code = compile(backend, &module(vec![b.done()]));
    let (status, out) = run(&*code, &[7, 2]);
    assert_eq!((status, &out[..4]), (OK, &[3, 1, 3, 1][..]));
    let (status, out) = run(&*code, &[-7i64 as u64, 2]);
    assert_eq!((status, out[0] as i64, out[1] as i64), (OK, -3, -1));
    assert_eq!((out[2], out[3]), ((-7i64 as u64) / 2, (-7i64 as u64) % 2));
    assert_eq!(run(&*code, &[7, 0]).0, Status::ZeroDivision as u32);
}

/// Float arithmetic and every float comparison, with and without a NaN.
fn floats_and_nan_comparisons(backend: &dyn Backend) {
    let ccs = [
        FloatCC::Eq,
        FloatCC::Ne,
        FloatCC::Lt,
        FloatCC::Le,
        FloatCC::Gt,
        FloatCC::Ge,
        FloatCC::Ord,
        FloatCC::Uno,
        FloatCC::UgeOrUno,
    ];
    let mut results = vec![F64, F64];
    results.extend([I1; 9]);
    let (mut b, p) = Build::new("floats", &[F64, F64], &results);
    let block = b.block();
    let q = b.binary(block, BinaryOp::Fdiv, p[0], p[1]);
    let s = b.unary(block, UnaryOp::Sqrt, F64, p[0]);
    let mut returned = vec![q, s];
    for cc in ccs {
        returned.push(b.fcmp(block, cc, p[0], p[1]));
    }
    b.end(block, Terminator::Return(returned));
    let code = compile(backend, &module(vec![b.done()]));
    let reference = |x: f64, y: f64| -> Vec<u64> {
        let nan = x.is_nan() || y.is_nan();
        [x == y, x != y, x < y, x <= y, x > y, x >= y, !nan, nan, nan || x >= y].into_iter().map(u64::from).collect()
    };
    for (x, y) in [(9.0, 2.0), (2.0, 9.0), (4.0, 4.0), (f64::NAN, 1.0), (1.0, f64::NAN), (-1.0, 0.0)] {
        let (status, out) = run(&*code, &[f(x), f(y)]);
        assert_eq!(status, OK);
        assert_eq!(f64::from_bits(out[0]).to_bits(), (x / y).to_bits(), "{x} / {y}");
        assert_eq!(f64::from_bits(out[1]).to_bits(), x.sqrt().to_bits(), "sqrt({x})");
        assert_eq!(&out[2..11], &reference(x, y)[..], "{x} vs {y}");
        assert_eq!(out[11], UNWRITTEN);
    }
    assert_eq!(f64::from_bits(run(&*code, &[f(9.0), f(2.0)]).1[0]), 4.5);
    assert_eq!(f64::from_bits(run(&*code, &[f(9.0), f(2.0)]).1[1]), 3.0);
}

/// The last comparisons (`uno`, `uge_or_uno`) on their own, and float rounding and
/// conversions.
fn float_rounding_and_conversions(backend: &dyn Backend) {
    let (mut b, p) = Build::new("rounding", &[F64], &[F64, F64, F64, F64, F64, F64, I64, I64]);
    let block = b.block();
    let mut returned = Vec::new();
    for op in [UnaryOp::Floor, UnaryOp::Ceil, UnaryOp::Trunc, UnaryOp::Nearest, UnaryOp::Fneg, UnaryOp::Fabs] {
        returned.push(b.unary(block, op, F64, p[0]));
    }
    returned.push(b.unary(block, UnaryOp::FcvtToSintSat, I64, p[0]));
    returned.push(b.unary(block, UnaryOp::Bitcast, I64, p[0]));
    b.end(block, Terminator::Return(returned));
    let code = compile(backend, &module(vec![b.done()]));
    for x in [2.5f64, -1.5, -1.7, 3.5, 0.0, 1e300, f64::NAN, -f64::INFINITY] {
        let (status, out) = run(&*code, &[f(x)]);
        assert_eq!(status, OK);
        let floats: Vec<u64> = out[..6].to_vec();
        let expected: Vec<u64> =
            [x.floor(), x.ceil(), x.trunc(), x.round_ties_even(), -x, x.abs()].iter().map(|v| v.to_bits()).collect();
        // NaN payloads may differ; compare NaN-ness for them.
        for (got, want) in floats.iter().zip(&expected) {
            let (g, w) = (f64::from_bits(*got), f64::from_bits(*want));
            assert!(g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()), "{x}: {g} vs {w}");
        }
        // Rust's `as` saturates like Cranelift's `fcvt_to_sint_sat`: NaN gives 0.
        assert_eq!(out[6] as i64, x as i64, "int({x})");
        assert_eq!(out[7], x.to_bits());
    }

    let (mut b, p) = Build::new("unordered", &[F64, F64], &[I1, I1, F64, F64]);
    let block = b.block();
    let uno = b.fcmp(block, FloatCC::Uno, p[0], p[1]);
    let uge = b.fcmp(block, FloatCC::UgeOrUno, p[0], p[1]);
    let int = b.unary(block, UnaryOp::Bitcast, I64, p[0]);
    let back = b.unary(block, UnaryOp::FcvtFromSint, F64, int);
    // (back + 0.5) * 4 - 1
    let half = b.fconst(block, 0.5);
    let sum = b.binary(block, BinaryOp::Fadd, back, half);
    let four = b.fconst(block, 4.0);
    let product = b.binary(block, BinaryOp::Fmul, sum, four);
    let one = b.fconst(block, 1.0);
    let difference = b.binary(block, BinaryOp::Fsub, product, one);
    b.end(block, Terminator::Return(vec![uno, uge, back, difference]));
    let code = compile(backend, &module(vec![b.done()]));
    assert_eq!(&run(&*code, &[f(1.0), f(2.0)]).1[..2], &[0, 0]);
    assert_eq!(&run(&*code, &[f(2.0), f(2.0)]).1[..2], &[0, 1]);
    assert_eq!(&run(&*code, &[f(f64::NAN), f(2.0)]).1[..2], &[1, 1]);
    assert_eq!(&run(&*code, &[f(3.0), f(f64::NAN)]).1[..2], &[1, 1]);
    assert_eq!(f64::from_bits(run(&*code, &[5, f(0.0)]).1[2]), 5.0);
    assert_eq!(f64::from_bits(run(&*code, &[-5i64 as u64, f(0.0)]).1[2]), -5.0);
    assert_eq!(f64::from_bits(run(&*code, &[-5i64 as u64, f(0.0)]).1[3]), -19.0);
}

/// `select` on an `i1`, whose argument word keeps only its low bit.
fn select_on_a_truth_value(backend: &dyn Backend) {
    let (mut b, p) = Build::new("pick", &[I1, I64, I64, F64, F64], &[I64, F64]);
    let block = b.block();
    let int = b.var(I64);
    b.op(block, Op::Select { dst: int, cond: p[0], if_true: p[1], if_false: p[2] });
    let float = b.var(F64);
    b.op(block, Op::Select { dst: float, cond: p[0], if_true: p[3], if_false: p[4] });
    b.end(block, Terminator::Return(vec![int, float]));
    let code = compile(backend, &module(vec![b.done()]));
    let args = |c: u64| [c, 11, 22, f(1.5), f(2.5)];
    assert_eq!(run(&*code, &args(1)).1[..2], [11, f(1.5)]);
    assert_eq!(run(&*code, &args(0)).1[..2], [22, f(2.5)]);
    // `from_word` truncates an `i1` to its low bit: 2 is false, 0xff01 true.
    assert_eq!(run(&*code, &args(2)).1[0], 22);
    assert_eq!(run(&*code, &args(0xff01)).1[0], 11);
}

/// Narrow ints: constants, extension, truncation, and `bnot` on an `i1` staying 0/1.
fn narrow_ints_stay_in_range(backend: &dyn Backend) {
    let (mut b, p) = Build::new("narrow", &[I8, I64], &[I64, I64, I1, I64, I8, I1, I8, I8, I1]);
    let block = b.block();
    let byte = b.unary(block, UnaryOp::Uextend, I64, p[0]);
    let minus_one = b.iconst(block, I8, -1);
    let wide_minus_one = b.unary(block, UnaryOp::Uextend, I64, minus_one);
    let zero = b.iconst(block, I64, 0);
    let positive = b.icmp(block, IntCC::Sgt, p[1], zero);
    let not_positive = b.unary(block, UnaryOp::Bnot, I1, positive);
    let not_as_int = b.unary(block, UnaryOp::Uextend, I64, not_positive);
    let low_byte = b.unary(block, UnaryOp::Ireduce, I8, p[1]);
    let low_bit = b.unary(block, UnaryOp::Ireduce, I1, p[1]);
    let flipped = b.unary(block, UnaryOp::Bnot, I8, p[0]);
    let as_byte = b.unary(block, UnaryOp::Uextend, I8, not_positive);
    let true_ = b.iconst(block, I1, 1);
    b.end(
        block,
        Terminator::Return(vec![
            byte,
            wide_minus_one,
            not_positive,
            not_as_int,
            low_byte,
            low_bit,
            flipped,
            as_byte,
            true_,
        ]),
    );
    let code = compile(backend, &module(vec![b.done()]));
    let (status, out) = run(&*code, &[0x1_ff, 0x1_03]);
    assert_eq!(status, OK);
    assert_eq!(out[..10], [0xff, 0xff, 0, 0, 0x03, 1, 0x00, 0, 1, UNWRITTEN]);
    let (_, out) = run(&*code, &[0x0f, -2i64 as u64]);
    assert_eq!(out[..10], [0x0f, 0xff, 1, 1, 0xfe, 0, 0xf0, 1, 1, UNWRITTEN]);
}

/// `pynum_float_mod` (Python's sign rule), and every non-allocating helper of the ABI
/// table against a direct call of the same function.
fn helpers_are_called_with_their_signatures(backend: &dyn Backend) {
    let call_one = |symbol: &'static str, args: &[u64]| -> u64 {
        let helper = lir::helper(symbol).unwrap();
        let (mut b, p) = Build::new(symbol, helper.params, &[helper.result]);
        let block = b.block();
        let dst = b.var(helper.result);
        b.op(block, Op::CallHelper { dst, helper: symbol.into(), args: p });
        b.end(block, Terminator::Return(vec![dst]));
        let code = compile(backend, &module(vec![b.done()]));
        let (status, out) = run(&*code, args);
        assert_eq!(status, OK);
        out[0]
    };
    assert_eq!(f64::from_bits(call_one("pynum_float_mod", &[f(-7.0), f(3.0)])), 2.0);
    assert_eq!(f64::from_bits(call_one("pynum_float_mod", &[f(7.0), f(-2.0)])), -1.0);
    assert_eq!(call_one("pynum_int_pow", &[3, 4]), 81);

    let mut math = 0;
    // Helpers that take a pointer (a dict's copy) are called with a real one below.
    for helper in lir::helpers().filter(|h| !h.allocates && !h.params.contains(&Ptr)) {
        // Floats 2.5 and 0.75 in turn, ints 3 (a tuple key's helpers take up to four).
        let args: Vec<u64> = helper
            .params
            .iter()
            .zip([f(2.5), f(0.75)].into_iter().cycle())
            .map(|(&ty, float)| if ty == F64 { float } else { 3 })
            .collect();
        // SAFETY: no pointer arguments; the arguments match the parameters.
        let want = unsafe { pynum_runtime::abi::call_helper(&helper, &args) };
        let got = call_one(helper.symbol, &args);
        assert_eq!(got, pynum_runtime::abi::to_word(want, helper.result), "{}", helper.symbol);
        math += usize::from(helper.symbol.starts_with("pynum_math_"));
    }
    assert!(math > 10, "the ops registry's math helpers are in the table");
    let mut dict = pynum_runtime::dicts::NativeDict::new([(7, 70), (-2, 20)].into_iter());
    let address = &mut *dict as *mut pynum_runtime::dicts::NativeDict as u64;
    assert_eq!(call_one("pynum_dict_find", &[address, -2i64 as u64]), 1);
    assert_eq!(call_one("pynum_dict_find", &[address, 5]) as i64, -1);
    assert_eq!(call_one("pynum_dict_slot", &[address, 5]), 2);
    assert_eq!(dict.len(), 3);
    assert_eq!(f64::from_bits(call_one("pynum_math_log", &[f(1.0)])), 0.0);
    assert_eq!(f64::from_bits(call_one("pynum_math_log", &[f(std::f64::consts::E)])), 1.0);
}

/// A caller whose callee returns two results, or fails: the failure passes through
/// with the callee's status and word 0, and each call has one less depth.
fn calls_pass_results_and_failures_through(backend: &dyn Backend) {
    // callee(a, b) = (a + b, a * b, depth), deoptimizing at site 1 when a < 0.
    let (mut b, p) = Build::new("callee", &[I64, I64], &[I64, I64, I64]);
    let block = b.block();
    let zero = b.iconst(block, I64, 0);
    let negative = b.icmp(block, IntCC::Slt, p[0], zero);
    b.op(block, Op::ExitIf { cond: negative, exit: Exit::Deopt(1) });
    let sum = b.binary(block, BinaryOp::Iadd, p[0], p[1]);
    let product = b.binary(block, BinaryOp::Imul, p[0], p[1]);
    let depth = b.var(I64);
    b.op(block, Op::Depth { dst: depth });
    // A raise when b == 99, from its own block.
    let (ok, raise) = (b.block(), b.block());
    let ninety_nine = b.iconst(block, I64, 99);
    let is_99 = b.icmp(block, IntCC::Eq, p[1], ninety_nine);
    b.end(block, Terminator::Brif { cond: is_99, then: raise, otherwise: ok });
    b.end(raise, Terminator::Exit(Exit::Raise(2)));
    b.end(ok, Terminator::Return(vec![sum, product, depth]));
    let callee = b.done();

    // root(a, b) = s + p of callee(a, b), with the callee's depth; through `middle`
    // so a failure crosses two frames.
    let (mut b, p) = Build::new("middle", &[I64, I64], &[I64, I64]);
    let block = b.block();
    let (s, m, d) = (b.var(I64), b.var(I64), b.var(I64));
    b.op(block, Op::Call { dsts: vec![s, m, d], callee: 2, args: p.clone() });
    let total = b.binary(block, BinaryOp::Iadd, s, m);
    b.end(block, Terminator::Return(vec![total, d]));
    let middle = b.done();

    let (mut b, p) = Build::new("root", &[I64, I64], &[I64, I64]);
    let block = b.block();
    let (total, d) = (b.var(I64), b.var(I64));
    b.op(block, Op::Call { dsts: vec![total, d], callee: 1, args: p.clone() });
    b.end(block, Terminator::Return(vec![total, d]));
    let root = b.done();

    let code = compile(backend, &module(vec![root, middle, callee]));
    let (status, out) = run_with_depth(&*code, &[3, 4], 50);
    assert_eq!((status, &out[..3]), (OK, &[19, 48, UNWRITTEN][..]));
    let (status, out) = run(&*code, &[-1i64 as u64, 4]);
    assert_eq!((status, out[0]), (Status::Deopt as u32, 1));
    let (status, out) = run(&*code, &[1, 99]);
    assert_eq!((status, out[0]), (Status::StaticRaise as u32, 2));
}

/// Recursion bounded by the depth the entry is given, as the lowering spells it:
/// `exit_if depth <= 0, RecursionLimit`.
fn recursion_uses_the_depth(backend: &dyn Backend) {
    // count(n) = 0 if n == 0 else 1 + count(n - 1)
    let (mut b, p) = Build::new("count", &[I64], &[I64]);
    let (entry, base, step) = (b.block(), b.block(), b.block());
    let depth = b.var(I64);
    b.op(entry, Op::Depth { dst: depth });
    let zero = b.iconst(entry, I64, 0);
    let exhausted = b.icmp(entry, IntCC::Sle, depth, zero);
    b.op(entry, Op::ExitIf { cond: exhausted, exit: Exit::Status(Status::RecursionLimit) });
    let done = b.icmp(entry, IntCC::Eq, p[0], zero);
    b.end(entry, Terminator::Brif { cond: done, then: base, otherwise: step });
    b.end(base, Terminator::Return(vec![zero]));
    let one = b.iconst(step, I64, 1);
    let less = b.binary(step, BinaryOp::Isub, p[0], one);
    let inner = b.var(I64);
    b.op(step, Op::Call { dsts: vec![inner], callee: 0, args: vec![less] });
    let counted = b.binary(step, BinaryOp::Iadd, inner, one);
    b.end(step, Terminator::Return(vec![counted]));
    let code = compile(backend, &module(vec![b.done()]));
    assert_eq!(run_with_depth(&*code, &[5], 10).1[0], 5);
    assert_eq!(run_with_depth(&*code, &[9], 10), (OK, run_with_depth(&*code, &[9], 10).1));
    assert_eq!(run_with_depth(&*code, &[9], 10).1[0], 9);
    assert_eq!(run_with_depth(&*code, &[10], 10).0, Status::RecursionLimit as u32);
    assert_eq!(run_with_depth(&*code, &[1], 0).0, Status::RecursionLimit as u32);
}

/// Loads and stores through a pointer argument, at the list layout's offsets, words
/// and bytes.
fn loads_and_stores_through_a_pointer(backend: &dyn Backend) {
    use pynum_runtime::abi::list_layout::{ITEMS_OFFSET, LEN_OFFSET};
    let (mut b, p) = Build::new("memory", &[Ptr, Ptr], &[I64, F64, I64]);
    let (list, bytes) = (p[0], p[1]);
    let block = b.block();
    let len = b.var(I64);
    b.op(block, Op::Load { dst: len, addr: list, offset: LEN_OFFSET });
    let first = b.var(I64);
    b.op(block, Op::Load { dst: first, addr: list, offset: ITEMS_OFFSET });
    let doubled = b.binary(block, BinaryOp::Iadd, first, first);
    b.op(block, Op::Store { value: doubled, addr: list, offset: ITEMS_OFFSET + 8 });
    let float = b.var(F64);
    b.op(block, Op::Load { dst: float, addr: list, offset: ITEMS_OFFSET + 16 });
    let byte = b.var(I8);
    b.op(block, Op::Load { dst: byte, addr: bytes, offset: 9 });
    let wide = b.unary(block, UnaryOp::Uextend, I64, byte);
    let seven = b.iconst(block, I8, 7);
    b.op(block, Op::Store { value: seven, addr: bytes, offset: 8 });
    b.end(block, Terminator::Return(vec![len, float, wide]));
    let code = compile(backend, &module(vec![b.done()]));
    let mut list_words: Vec<u64> = vec![3, 21, 0, f(0.5)];
    let mut byte_words: Vec<u64> = vec![2, u64::from_le_bytes([1, 200, 0, 0, 0, 0, 0, 0])];
    let args = [list_words.as_mut_ptr() as u64, byte_words.as_mut_ptr() as u64];
    let (status, out) = run(&*code, &args);
    assert_eq!((status, out[0], f64::from_bits(out[1]), out[2]), (OK, 3, 0.5, 200));
    assert_eq!(list_words, [3, 21, 42, f(0.5)]);
    assert_eq!(byte_words[1].to_le_bytes()[..2], [7, 200]);
}

/// A function that can only raise.
fn raise_exit(backend: &dyn Backend) {
    let (mut b, _) = Build::new("raises", &[], &[I64]);
    let block = b.block();
    b.end(block, Terminator::Exit(Exit::Raise(1)));
    let mut m = module(vec![b.done()]);
    m.raises = vec![("ValueError".into(), Vec::new()), ("TypeError".into(), Vec::new())];
    let code = compile(backend, &m);
    let (status, out) = run(&*code, &[]);
    assert_eq!((status, out[0]), (Status::StaticRaise as u32, 1));
}

/// Malformed LIR is an internal error naming the function, not a panic.
fn malformed_lir_is_an_error(backend: &dyn Backend) {
    let (mut b, _) = Build::new("bad helper", &[], &[F64]);
    let block = b.block();
    let dst = b.var(F64);
    b.op(block, Op::CallHelper { dst, helper: "pynum_no_such_helper".into(), args: Vec::new() });
    b.end(block, Terminator::Return(vec![dst]));
    match backend.compile(&module(vec![b.done()]), &DumpOptions::default()) {
        Err(BackendError::Internal(what)) => {
            assert!(what.contains("bad helper") && what.contains("pynum_no_such_helper"), "{what}")
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("compiled a call of a helper that does not exist"),
    }
    let (mut b, _) = Build::new("bad callee", &[], &[]);
    let block = b.block();
    b.op(block, Op::Call { dsts: Vec::new(), callee: 5, args: Vec::new() });
    b.end(block, Terminator::Return(Vec::new()));
    assert!(
        matches!(backend.compile(&module(vec![b.done()]), &DumpOptions::default()), Err(BackendError::Internal(w)) if w.contains("bad callee"))
    );
    assert!(matches!(backend.compile(&Module::default(), &DumpOptions::default()), Err(BackendError::Internal(_))));
}

/// Signed zeros: `-x`, `0 - x`, `x + 0`, `x * -0`, rounding toward zero from below and
/// `-0 == 0`, bit for bit as IEEE arithmetic gives them (an optimizer may not fold
/// `0 - x` into `-x` or `x + 0` into `x`).
fn negative_zero_is_kept(backend: &dyn Backend) {
    let (mut b, p) = Build::new("zeros", &[F64], &[F64, F64, F64, F64, F64, F64, F64, I1, I1]);
    let x = p[0];
    let block = b.block();
    let negated = b.unary(block, UnaryOp::Fneg, F64, x);
    let zero = b.fconst(block, 0.0);
    let minus_zero = b.fconst(block, -0.0);
    let difference = b.binary(block, BinaryOp::Fsub, zero, x);
    let sum = b.binary(block, BinaryOp::Fadd, x, zero);
    let product = b.binary(block, BinaryOp::Fmul, x, minus_zero);
    let ceil = b.unary(block, UnaryOp::Ceil, F64, x);
    let nearest = b.unary(block, UnaryOp::Nearest, F64, x);
    let trunc = b.unary(block, UnaryOp::Trunc, F64, x);
    let equal = b.fcmp(block, FloatCC::Eq, x, zero);
    let less = b.fcmp(block, FloatCC::Lt, x, zero);
    b.end(block, Terminator::Return(vec![negated, difference, sum, product, ceil, nearest, trunc, equal, less]));
    let code = compile(backend, &module(vec![b.done()]));
    for x in [0.0f64, -0.0, -0.4, -0.5, 0.5, 2.5, -2.5] {
        let (status, out) = run(&*code, &[f(x)]);
        assert_eq!(status, OK);
        let want = [-x, 0.0 - x, x + 0.0, x * -0.0, x.ceil(), x.round_ties_even(), x.trunc()];
        for (i, want) in want.iter().enumerate() {
            assert_eq!(out[i], want.to_bits(), "result {i} of {x:?}: {:?} vs {want:?}", f64::from_bits(out[i]));
        }
        assert_eq!(out[7..9], [u64::from(x == 0.0), u64::from(x < 0.0)], "{x:?}");
    }
}

/// Wrapping arithmetic at the edges: `-MIN`, `abs(MIN)`, shifts by 0 and 63, truncating
/// division of negatives, `bnot`.
fn wrapping_integer_edges(backend: &dyn Backend) {
    let (mut b, p) = Build::new("edges", &[I64, I64], &[I64, I64, I64, I64, I64, I64, I64, I64, I64]);
    let (x, y) = (p[0], p[1]);
    let block = b.block();
    let negated = b.unary(block, UnaryOp::Ineg, I64, x);
    let absolute = b.unary(block, UnaryOp::Iabs, I64, x);
    let flipped = b.unary(block, UnaryOp::Bnot, I64, x);
    let amount = b.iconst(block, I64, 63);
    let shl = b.binary(block, BinaryOp::Ishl, y, amount);
    let sshr = b.binary(block, BinaryOp::Sshr, x, amount);
    let ushr = b.binary(block, BinaryOp::Ushr, x, amount);
    let nothing = b.iconst(block, I64, 0);
    let unshifted = b.binary(block, BinaryOp::Sshr, x, nothing);
    let seven = b.iconst(block, I64, -7);
    let quotient = b.binary(block, BinaryOp::Sdiv, seven, y);
    let remainder = b.binary(block, BinaryOp::Srem, seven, y);
    b.end(block, Terminator::Return(vec![negated, absolute, flipped, shl, sshr, ushr, unshifted, quotient, remainder]));
    let code = compile(backend, &module(vec![b.done()]));
    for (x, y) in [(i64::MIN, 2i64), (i64::MAX, 3), (-5, -2), (0, 1), (-1, i64::MAX)] {
        let (status, out) = run(&*code, &[x as u64, y as u64]);
        assert_eq!(status, OK);
        let want =
            [x.wrapping_neg(), x.wrapping_abs(), !x, y << 63, x >> 63, ((x as u64) >> 63) as i64, x, -7 / y, -7 % y];
        assert_eq!(out[..9].iter().map(|&w| w as i64).collect::<Vec<_>>(), want, "{x} {y}");
    }
}

/// An `i1` in memory is a byte: stored as 0 or 1, and any non-zero byte loads as true.
fn truth_values_in_memory(backend: &dyn Backend) {
    let (mut b, p) = Build::new("truths", &[Ptr, I1], &[I1, I64, I8, I1]);
    let (bytes, flag) = (p[0], p[1]);
    let block = b.block();
    let loaded = b.var(I1);
    b.op(block, Op::Load { dst: loaded, addr: bytes, offset: 8 });
    let wide = b.unary(block, UnaryOp::Uextend, I64, loaded);
    let byte = b.var(I8);
    b.op(block, Op::Load { dst: byte, addr: bytes, offset: 8 });
    b.op(block, Op::Store { value: flag, addr: bytes, offset: 9 });
    let not_flag = b.unary(block, UnaryOp::Bnot, I1, flag);
    b.op(block, Op::Store { value: not_flag, addr: bytes, offset: 10 });
    let both = b.binary(block, BinaryOp::Band, loaded, flag);
    b.end(block, Terminator::Return(vec![loaded, wide, byte, both]));
    let code = compile(backend, &module(vec![b.done()]));
    for (stored, flag) in [(0u8, 1u64), (1, 1), (2, 1), (0x80, 0), (2, 0xfe)] {
        let mut words: Vec<u64> = vec![1, u64::from_le_bytes([stored, 0x55, 0x55, 0, 0, 0, 0, 0])];
        let (status, out) = run(&*code, &[words.as_mut_ptr() as u64, flag]);
        let (truth, flag) = (u64::from(stored != 0), flag & 1);
        assert_eq!((status, &out[..4]), (OK, &[truth, truth, u64::from(stored), truth & flag][..]), "{stored}");
        assert_eq!(words[1].to_le_bytes()[..3], [stored, flag as u8, 1 - flag as u8], "{stored} {flag}");
    }
}

/// An address plus or minus a byte count, compared and selected as an address.
fn pointer_arithmetic(backend: &dyn Backend) {
    let (mut b, p) = Build::new("addresses", &[Ptr, I64, I1], &[I64, I1, Ptr]);
    let (base, index, pick) = (p[0], p[1], p[2]);
    let block = b.block();
    let three = b.iconst(block, I64, 3);
    let bytes = b.binary(block, BinaryOp::Ishl, index, three);
    let item = b.var(Ptr);
    b.op(block, Op::Binary { op: BinaryOp::Iadd, dst: item, lhs: base, rhs: bytes });
    let value = b.var(I64);
    b.op(block, Op::Load { dst: value, addr: item, offset: 8 });
    let back = b.var(Ptr);
    b.op(block, Op::Binary { op: BinaryOp::Isub, dst: back, lhs: item, rhs: bytes });
    let same = b.icmp(block, IntCC::Eq, back, base);
    let chosen = b.var(Ptr);
    b.op(block, Op::Select { dst: chosen, cond: pick, if_true: item, if_false: base });
    b.end(block, Terminator::Return(vec![value, same, chosen]));
    let code = compile(backend, &module(vec![b.done()]));
    let words: Vec<u64> = vec![3, 10, 20, 30];
    let base = words.as_ptr() as u64;
    assert_eq!(run(&*code, &[base, 2, 1]), (OK, run(&*code, &[base, 2, 1]).1));
    let (status, out) = run(&*code, &[base, 2, 1]);
    assert_eq!((status, &out[..3]), (OK, &[30, 1, base + 16][..]));
    let (status, out) = run(&*code, &[base, 0, 0]);
    assert_eq!((status, &out[..3]), (OK, &[10, 1, base][..]));
}

/// A loop that only polls the interrupt flag must see it set by another thread: the
/// flag is read at every poll, never once before the loop.
fn interrupt_flag_is_read_at_every_poll(backend: &dyn Backend) {
    use std::sync::atomic::Ordering;
    let _flag = INTERRUPT_FLAG.lock().unwrap_or_else(|e| e.into_inner());
    // count(n): polls until the flag is set (deopt 0) or n polls have passed (returns n).
    let (mut b, p) = Build::new("spin", &[I64], &[I64]);
    let (entry, header, body, done) = (b.block(), b.block(), b.block(), b.block());
    let i = b.iconst(entry, I64, 0);
    b.end(entry, Terminator::Jump(header));
    let more = b.icmp(header, IntCC::Slt, i, p[0]);
    b.end(header, Terminator::Brif { cond: more, then: body, otherwise: done });
    let pending = b.var(I1);
    b.op(body, Op::PollPending { dst: pending });
    b.op(body, Op::ExitIf { cond: pending, exit: Exit::Deopt(0) });
    let one = b.iconst(body, I64, 1);
    let next = b.binary(body, BinaryOp::Iadd, i, one);
    b.op(body, Op::Copy { dst: i, src: next });
    b.end(body, Terminator::Jump(header));
    b.end(done, Terminator::Return(vec![i]));
    let mut m = module(vec![b.done()]);
    m.deopt_sites = vec![("interrupt".into(), 1)];
    let code = compile(backend, &m);
    assert_eq!(run(&*code, &[1000]), (OK, run(&*code, &[1000]).1));
    assert_eq!(run(&*code, &[1000]).1[0], 1000);
    let setter = std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_millis(20));
        pynum_runtime::POLL.interrupt.store(true, Ordering::SeqCst);
    });
    // Far more polls than 20 ms allow: returning the count means the flag went unseen.
    let (status, out) = run(&*code, &[1 << 40]);
    setter.join().unwrap();
    pynum_runtime::POLL.interrupt.store(false, Ordering::SeqCst);
    assert_eq!((status, out[0]), (Status::Deopt as u32, 0));
}
