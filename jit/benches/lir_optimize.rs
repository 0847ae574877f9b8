//! Cost of the LIR optimizer (integer ranges, guard removal, versioning on int
//! arguments) on modules pynum lowered from real programs, before any pass ran
//! (`PYNUM_DISABLE_LIR_PASSES=bounds pynum-run --dump-lir`; the files are in `lir/`). The
//! optimizer runs on the main thread for every compile made at a call, and for every
//! tier-2 code-cache lookup, so its time adds to a program's.
use criterion::{criterion_group, criterion_main, Criterion};

// The allocator pynum-run uses, so the figure is the one the binary sees.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn bench(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches").join("lir");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("benches/lir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a LIR file");
        let module = pynum_jit::lir::parse_module(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name").to_owned();
        c.bench_function(&format!("lir_optimize_{name}"), |b| {
            b.iter_batched(
                || module.clone(),
                |mut module| pynum_jit::lir::optimize::optimize(&mut module, true),
                criterion::BatchSize::SmallInput,
            )
        });
        // What a memo of the optimizer's output costs instead: the module's text as the
        // key, and the optimized module read back from its text.
        let mut optimized = module.clone();
        pynum_jit::lir::optimize::optimize(&mut optimized, true);
        let optimized_text = optimized.to_string();
        c.bench_function(&format!("lir_print_{name}"), |b| b.iter(|| module.to_string()));
        c.bench_function(&format!("lir_parse_optimized_{name}"), |b| {
            b.iter(|| pynum_jit::lir::parse_module(&optimized_text).expect("parses"))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
