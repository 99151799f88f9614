/*!
`a2a-interop probe URL`: flags to a [`ProbeConfig`], the run, and its output (text on
stdout; JSON report per DESIGN.md "JSON report" with `--format json -o FILE`). The richer
renderers of `crate::report` take over at merge; this file keeps output small.

Exit status: 0 when no test failed and no finding is at or above `--fail-on`; 1 otherwise
(`--fail-on never`: always 0); 2 for bad flags.
*/

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use serde_json::{json, Value};
use url::Url;

use crate::cli::{FailOn, Format, ProbeArgs};
use crate::probe::{
    self, conformance_level, ConformanceLevel, Dialect, ProbeConfig, ProbeReport, Status,
    Transport, TransportConfig,
};
use crate::verify::{Finding, Severity};

/// Runs the probe command. Errors are operational (exit 2).
pub fn run(a: ProbeArgs) -> anyhow::Result<ExitCode> {
    let base = Url::parse(&a.url).with_context(|| format!("probe URL {:?} is not a URL", a.url))?;
    if base.scheme() != "http" {
        bail!(
            "probe URL {} must be http:// (https agents: put `a2a-interop proxy` in front)",
            a.url
        );
    }
    let cfg = config_from(&a)?;
    if a.output.formats.len() > 1 && a.output.formats.len() != a.output.outputs.len() {
        bail!("give one -o FILE per --format");
    }
    if a.record.is_some() {
        tracing::warn!("--record: the probe is not yet routed through the recording pipeline; no recording is written");
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let report = rt.block_on(async {
        let t = Transport::new(TransportConfig {
            base,
            via: None,
            allow_hosts: a.allow_hosts.clone(),
            max_requests: a.max_requests,
        });
        probe::run(&cfg, &t).await
    });
    let findings: Vec<Finding> = Vec::new();
    let level = conformance_level(&report.results, &findings);

    let mut wrote_stdout = false;
    for (n, f) in a.output.formats.iter().enumerate() {
        let out = a
            .output
            .outputs
            .get(n)
            .map(|p| p.to_string_lossy().to_string());
        let text = match f {
            Format::Text => text_report(&report, &findings, level),
            Format::Json => {
                serde_json::to_string_pretty(&json_report(&report, &findings, level))? + "\n"
            }
            other => bail!(
                "--format {other:?} for probe comes with the report renderers; use text or json"
            ),
        };
        match out.as_deref() {
            None | Some("-") => {
                print!("{text}");
                wrote_stdout = true;
            }
            Some(path) => {
                if let Err(e) = std::fs::write(path, &text) {
                    // results are never lost to a report error
                    eprintln!("a2a-interop: writing {path}: {e}");
                    print!("{}", text_report(&report, &findings, level));
                    return Ok(ExitCode::from(2));
                }
            }
        }
    }
    if !wrote_stdout {
        print!("{}", text_report(&report, &findings, level));
    }
    Ok(exit_code(&report, &findings, a.output.fail_on))
}

/// Flags to a [`ProbeConfig`].
///
/// # Errors
/// Malformed `--auth-header`, `--timeout`, `--dialect` or `--binding`.
pub fn config_from(a: &ProbeArgs) -> anyhow::Result<ProbeConfig> {
    let mut auth_headers = Vec::new();
    for h in &a.auth_headers {
        let Some((name, value)) = h.split_once(':') else {
            bail!("--auth-header {h:?} is not 'Name: value'");
        };
        let name = name.trim();
        if name.is_empty() || http::HeaderName::from_bytes(name.as_bytes()).is_err() {
            bail!("--auth-header {h:?}: {name:?} is not a header name");
        }
        auth_headers.push((name.to_string(), value.trim().to_string()));
    }
    if let Some(t) = &a.bearer {
        auth_headers.push(("Authorization".into(), format!("Bearer {t}")));
    }
    let dialect = match a.dialect.as_str() {
        "auto" => None,
        v => Some(
            Dialect::from_version(v)
                .with_context(|| format!("--dialect {v:?}: expected auto, 1.0 or 0.3"))?,
        ),
    };
    let binding = match a.binding.to_ascii_lowercase().as_str() {
        "auto" => None,
        b @ ("jsonrpc" | "http+json") => Some(b.to_string()),
        b => bail!("--binding {b:?}: expected auto, jsonrpc or http+json"),
    };
    Ok(ProbeConfig {
        auth_headers,
        skill: a.skill.clone(),
        timeout: parse_duration(&a.timeout)?,
        dialect,
        binding,
    })
}

/// Parses `500ms`, `60s`, `2m` or a bare number of seconds.
///
/// # Errors
/// Anything else, and zero.
pub fn parse_duration(s: &str) -> anyhow::Result<Duration> {
    let s = s.trim();
    let (num, unit) = s
        .find(|c: char| !c.is_ascii_digit())
        .map_or((s, "s"), |i| (&s[..i], &s[i..]));
    let n: u64 = num
        .parse()
        .with_context(|| format!("--timeout {s:?}: expected e.g. 60s"))?;
    let d = match unit {
        "ms" => Duration::from_millis(n),
        "s" => Duration::from_secs(n),
        "m" => Duration::from_secs(n * 60),
        _ => bail!("--timeout {s:?}: unit must be ms, s or m"),
    };
    if d.is_zero() {
        bail!("--timeout must be more than zero");
    }
    Ok(d)
}

/// 1 when a test failed or a finding is at or above `fail_on`; `FailOn::Never` gives 0.
pub fn exit_code(r: &ProbeReport, findings: &[Finding], fail_on: FailOn) -> ExitCode {
    let min = match fail_on {
        FailOn::Never => return ExitCode::SUCCESS,
        FailOn::Error => Severity::Error,
        FailOn::Warning => Severity::Warning,
        FailOn::Note => Severity::Note,
    };
    let failed = r.results.iter().any(|x| x.status == Status::Fail);
    if failed || findings.iter().any(|f| f.severity >= min) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON report (DESIGN.md "JSON report") of a probe run.
pub fn json_report(r: &ProbeReport, findings: &[Finding], level: ConformanceLevel) -> Value {
    let count = |s: Status| r.results.iter().filter(|x| x.status == s).count();
    let sev = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    json!({
        "tool": {"name": "a2a-interop", "version": env!("CARGO_PKG_VERSION")},
        "source": {"kind": "probe", "target": r.target},
        "dialects": r.dialects,
        "summary": {
            "total": r.results.len(), "passed": count(Status::Pass), "failed": count(Status::Fail),
            "skipped": count(Status::Skip), "errors": sev(Severity::Error),
            "warnings": sev(Severity::Warning), "notes": sev(Severity::Note),
        },
        "conformanceLevel": level.as_str(),
        "requests": r.requests,
        "results": r.results,
        "findings": findings,
    })
}

/// One line per result, then findings, then the summary and level.
pub fn text_report(r: &ProbeReport, findings: &[Finding], level: ConformanceLevel) -> String {
    let mut s = format!("probe {} (dialects: {})\n", r.target, r.dialects.join(", "));
    for x in &r.results {
        let d = x
            .dialect
            .as_deref()
            .map(|d| format!(" [{d}]"))
            .unwrap_or_default();
        s.push_str(&format!(
            "{:<4}  {}{d}: {} ({} ms)\n",
            x.status.as_str(),
            x.test,
            x.message,
            x.duration_ms
        ));
    }
    for f in findings {
        s.push_str(&format!("{}[{}]: {}\n", f.severity, f.rule, f.message));
    }
    let count = |st: Status| r.results.iter().filter(|x| x.status == st).count();
    s.push_str(&format!(
        "{} passed, {} failed, {} skipped; {} findings; {} requests; conformance level: {}\n",
        count(Status::Pass),
        count(Status::Fail),
        count(Status::Skip),
        findings.len(),
        r.requests,
        level.as_str()
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_with_units() {
        assert_eq!(parse_duration("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("7").unwrap(), Duration::from_secs(7));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("1h").is_err());
    }
}
