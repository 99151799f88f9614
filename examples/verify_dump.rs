//! Manual run: `cargo run --example verify_dump -- FILE...` prints every finding of each
//! traffic file (recording, transcript) as one line.

use a2a_interop::record::source;
use a2a_interop::verify::Verifier;

fn main() -> anyhow::Result<()> {
    for arg in std::env::args().skip(1) {
        let src = source::open(std::path::Path::new(&arg))?;
        let mut v = Verifier::new(&src.header);
        for ev in src.events {
            v.feed(&ev?);
        }
        let out = v.finish();
        println!(
            "== {arg}: dialects {:?}, {} events, {} exchanges, areas {:?}",
            out.dialects, out.events, out.exchanges, out.areas_exercised
        );
        for f in &out.findings {
            let ev: Vec<String> = f
                .evidence
                .iter()
                .map(|e| {
                    format!(
                        "#{}{}",
                        e.seq,
                        e.pointer
                            .as_deref()
                            .map(|p| format!(" {p}"))
                            .unwrap_or_default()
                    )
                })
                .collect();
            println!(
                "  {}[{} {}] {} ({})",
                f.severity,
                f.rule,
                f.name,
                f.message,
                ev.join(", ")
            );
        }
        for (x, why) in &out.incomplete {
            println!("  incomplete {x}: {why}");
        }
    }
    Ok(())
}
