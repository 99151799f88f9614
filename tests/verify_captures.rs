//! The 16 real SDK-to-SDK captures (`tests/captures/`, from `peers/captures/`): clean
//! traffic gives no error, except the known HTTP+JSON 0.3 task-not-found disagreement.
//!
//! That one is judged from the spec: on a 0.3 `/v1` route the Python server answers the
//! unknown task with the 1.0 AIP-193 envelope `{"error":{code,status,message,details}}`
//! (ERR-003 is a 1.0 requirement), which 0.3 clients cannot read; the JS server answers
//! the 0.3 A2A error object `{code:-32001,message}` with HTTP 404 (REST-003: HTTP status
//! matching the A2A error, structurally equivalent JSON). So `rest-error-shape` must be
//! reported on exactly the 0.3 REST captures whose server is Python, and nowhere else.

use crate::common;

use std::path::Path;

use a2a_interop::verify::Severity;
use common::verify_file as verify;

#[test]
fn captures_are_clean_except_the_rest_v03_error_shape() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 16, "expected the 16 captures");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let out = verify(&path);
        let affected = name.ends_with("-to-python-rest-v0.3.jsonl");
        let errors: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .collect();
        let shape: Vec<_> = errors
            .iter()
            .filter(|f| f.name == "rest-error-shape")
            .collect();
        let others: Vec<_> = errors
            .iter()
            .filter(|f| f.name != "rest-error-shape")
            .collect();
        assert!(others.is_empty(), "{name}: unexpected errors {others:#?}");
        if affected {
            assert_eq!(
                shape.len(),
                1,
                "{name}: expected one rest-error-shape, got {shape:#?}"
            );
            assert_eq!(shape[0].rule, "REST-ERROR-001");
            assert!(shape[0].message.contains("0.3"), "{}", shape[0].message);
            assert_eq!(shape[0].evidence[0].pointer.as_deref(), Some("/error"));
        } else {
            assert!(shape.is_empty(), "{name}: unexpected {shape:#?}");
        }
        // Each capture speaks exactly the dialect in its name.
        let want = if name.contains("v1.0") { "1.0" } else { "0.3" };
        assert_eq!(out.dialects, vec![want.to_string()], "{name}");
        assert!(out.incomplete.is_empty(), "{name}: {:?}", out.incomplete);
    }
}
