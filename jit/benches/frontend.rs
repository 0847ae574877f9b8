//! Cost of the front end on a 100-line function: decoding, CFG and IR.
use criterion::{criterion_group, criterion_main, Criterion};

// The allocator pynum-run uses, so the figure is the one the binary sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn hundred_line_function() -> String {
    let mut src = String::from("def big(n, xs):\n    acc = 0\n    total = 0.0\n");
    for i in 0..24 {
        src.push_str(&format!(
            "    for i in range(n):\n        if i % {m} == 0:\n            acc += i * {i}\n        total += xs[i] / {d}\n",
            m = i + 2,
            d = i + 1
        ));
    }
    src.push_str("    return acc, total\n");
    src
}

fn bench(c: &mut Criterion) {
    let source = hundred_line_function();
    assert!(source.lines().count() >= 100);
    let module = rustpython_compiler::compile(&source, rustpython_compiler::Mode::Exec, "<bench>", Default::default())
        .expect("the benchmark source compiles");
    let mut codes = Vec::new();
    pynum_jit::bytecode::walk_code_objects(&module, &mut codes);
    let function = codes.into_iter().find(|c| c.obj_name == "big").expect("big is defined");
    let analysis = pynum_jit::analyze(function).expect("decodes");
    assert!(analysis.ir.is_ok(), "{:?}", analysis.ir);
    c.bench_function("frontend_100_lines", |b| b.iter(|| pynum_jit::analyze(std::hint::black_box(function))));
    let bc = pynum_jit::bytecode::decode(function).unwrap();
    c.bench_function("stage_decode", |b| b.iter(|| pynum_jit::bytecode::decode(std::hint::black_box(function))));
    c.bench_function("stage_cfg", |b| b.iter(|| pynum_jit::cfg::Cfg::build(std::hint::black_box(&bc))));
    let cfg = pynum_jit::cfg::Cfg::build(&bc);
    c.bench_function("stage_dataflow", |b| b.iter(|| pynum_jit::dataflow::translate(std::hint::black_box(&bc), &cfg)));
    let func = pynum_jit::dataflow::translate(&bc, &cfg).unwrap();
    c.bench_function("stage_verify", |b| b.iter(|| pynum_jit::ir::verify(std::hint::black_box(&func))));
    c.bench_function("stage_clone", |b| b.iter(|| std::hint::black_box(&func).clone()));
    c.bench_function("stage_liveness", |b| {
        b.iter(|| {
            let mut f = func.clone();
            pynum_jit::liveness::insert_dels(&mut f);
            f
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
