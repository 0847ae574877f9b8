//! Cost of the front end on a 100-line function: decoding, CFG and IR.
use criterion::{criterion_group, criterion_main, Criterion};

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
}

criterion_group!(benches, bench);
criterion_main!(benches);
