/*!
Cross-walk from `A2A-DIGEST.md` requirement IDs (what every finding cites in `spec`) to the
official conformance suites' IDs: the TCK requirement IDs (`a2aproject/a2a-tck`,
the Python files under `tck/requirements/`) and the ACTS test IDs (`a2aproject/a2a-itk`,
the `.acts.yaml` files under `scenarios/acts/`).

The data is `docs/conformance-crosswalk.json` (schema `a2a-interop/crosswalk/v1`, how it was
made: `docs/conformance-crosswalk.md`), compiled into the binary so a report never depends on
files next to it. A requirement with no counterpart maps to empty lists.
*/

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The cross-walk data file, as shipped in `docs/`.
pub const DATA: &str = include_str!("../../docs/conformance-crosswalk.json");

/// Where the suite IDs were read: repository and commit (the newest commit of the files read;
/// per-file commits are in the data file).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteSource {
    pub repo: String,
    pub commit: String,
}

/// Suite IDs for one requirement.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteIds {
    /// TCK requirement IDs (e.g. `CORE-SEND-002`).
    pub tck: Vec<String>,
    /// ACTS test IDs (e.g. `CORE-ERR-004`).
    pub acts: Vec<String>,
}

impl SuiteIds {
    /// True when neither suite has a counterpart.
    pub fn is_empty(&self) -> bool {
        self.tck.is_empty() && self.acts.is_empty()
    }
}

/// The report's `crosswalk` member: the sources, and the suite IDs of every requirement the
/// report's findings cite.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosswalk {
    pub tck: SuiteSource,
    pub acts: SuiteSource,
    /// DIGEST requirement ID to suite IDs, for the requirements cited by findings.
    pub requirements: BTreeMap<String, SuiteIds>,
}

struct Table {
    tck: SuiteSource,
    acts: SuiteSource,
    by_req: BTreeMap<String, SuiteIds>,
}

fn ids(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| e.get("id").and_then(Value::as_str).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn source(v: &Value, key: &str) -> SuiteSource {
    let s = &v["sources"][key];
    SuiteSource {
        repo: s["repo"].as_str().unwrap_or_default().to_string(),
        commit: s["commit"].as_str().unwrap_or_default().to_string(),
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is ours and checked by a test; a damaged copy yields an empty table.
        let v: Value = serde_json::from_str(DATA).unwrap_or(Value::Null);
        let mut by_req = BTreeMap::new();
        if let Some(reqs) = v.get("requirements").and_then(Value::as_object) {
            for (id, m) in reqs {
                by_req.insert(
                    id.clone(),
                    SuiteIds {
                        tck: ids(m.get("tck")),
                        acts: ids(m.get("acts")),
                    },
                );
            }
        }
        Table {
            tck: source(&v, "tck"),
            acts: source(&v, "acts"),
            by_req,
        }
    })
}

/// Suite IDs of one DIGEST requirement (`TASK-002`); empty lists when it has none or is
/// unknown.
pub fn lookup(requirement: &str) -> SuiteIds {
    table().by_req.get(requirement).cloned().unwrap_or_default()
}

/// Suite IDs of several requirements (a finding's `spec`), merged without duplicates.
pub fn for_specs<S: AsRef<str>>(specs: &[S]) -> SuiteIds {
    let mut out = SuiteIds::default();
    for s in specs {
        let one = lookup(s.as_ref());
        for t in one.tck {
            if !out.tck.contains(&t) {
                out.tck.push(t);
            }
        }
        for a in one.acts {
            if !out.acts.contains(&a) {
                out.acts.push(a);
            }
        }
    }
    out
}

/// The `crosswalk` member for a report citing `specs`.
pub fn build<'a>(specs: impl IntoIterator<Item = &'a String>) -> Crosswalk {
    let t = table();
    let mut requirements = BTreeMap::new();
    for s in specs {
        requirements.entry(s.clone()).or_insert_with(|| lookup(s));
    }
    Crosswalk {
        tck: t.tck.clone(),
        acts: t.acts.clone(),
        requirements,
    }
}

/// One line for humans: `TCK CORE-SEND-002; ACTS CORE-SEND-002, CORE-ERR-004`, or `None`
/// when neither suite has a counterpart.
pub fn line<S: AsRef<str>>(specs: &[S]) -> Option<String> {
    let ids = for_specs(specs);
    if ids.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    if !ids.tck.is_empty() {
        parts.push(format!("TCK {}", ids.tck.join(", ")));
    }
    if !ids.acts.is_empty() {
        parts.push(format!("ACTS {}", ids.acts.join(", ")));
    }
    Some(parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_covers_every_digest_requirement_and_names_its_sources() {
        let t = table();
        assert!(t.by_req.len() >= 80, "{} requirements", t.by_req.len());
        assert_eq!(t.tck.repo, "a2aproject/a2a-tck");
        assert_eq!(t.acts.repo, "a2aproject/a2a-itk");
        assert_eq!(t.tck.commit.len(), 40);
        assert_eq!(t.acts.commit.len(), 40);
    }

    #[test]
    fn message_to_terminal_task_maps_to_the_suites() {
        let ids = lookup("TASK-002");
        assert!(ids.tck.contains(&"CORE-SEND-002".to_string()), "{ids:?}");
        assert!(ids.acts.contains(&"CORE-ERR-004".to_string()), "{ids:?}");
        assert_eq!(
            line(&["TASK-002"])
                .as_deref()
                .map(|l| l.starts_with("TCK CORE-SEND-002")),
            Some(true)
        );
        assert!(lookup("NOPE-999").is_empty());
        assert_eq!(line(&["NOPE-999"]), None);
    }
}
