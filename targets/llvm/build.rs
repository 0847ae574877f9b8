//! Says what to install when LLVM 19 is missing, before llvm-sys fails with its own
//! message: pynum's tier 2 is built against Debian's `llvm-19-dev`.

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let prefix = std::env::var_os("LLVM_SYS_191_PREFIX").map(std::path::PathBuf::from);
    let config = match &prefix {
        Some(prefix) => vec![prefix.join("bin").join("llvm-config")],
        None => vec!["llvm-config-19".into(), "llvm-config".into()],
    };
    let version = config.iter().find_map(|program| {
        let out = std::process::Command::new(program).arg("--version").output().ok()?;
        Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    });
    if !version.as_deref().is_some_and(|v| v.starts_with("19.")) {
        panic!(
            "\n\npynum's tier 2 (targets/llvm) needs LLVM 19 ({}).\n\
             Install it with:   sudo apt-get install llvm-19-dev libpolly-19-dev\n\
             then build with:   LLVM_SYS_191_PREFIX=$(llvm-config-19 --prefix) cargo build ...\n\
             (`./dev` does both.)\n\n",
            match (&version, &prefix) {
                (Some(v), Some(p)) => format!("LLVM_SYS_191_PREFIX={} has LLVM {v}", p.display()),
                (Some(v), None) => format!("llvm-config on PATH is LLVM {v}"),
                (None, Some(p)) => format!("no llvm-config in LLVM_SYS_191_PREFIX={}", p.display()),
                (None, None) => "no llvm-config-19 or llvm-config on PATH".to_owned(),
            }
        );
    }
}
