//! mine23a K1-K3: what the verifier says about the official SDKs' 1.0 error-mapping and
//! push-config faults (a2a-dotnet PR #393, a2a-js #680 and #682). Rules and severities are
//! checked by `verify_cases`; this checks that each message names the error, the status or
//! the task it is about, and that one answer gets one REST-ERROR-001.

use crate::common;

use common::{only_message as message, verify_variant as run};

#[test]
fn problem_json_status_names_the_error_and_both_versions_statuses() {
    // Named by its 1.0.0 type URI; one status for both versions.
    let m = message(
        &run("b23a-K1-v10-rest-problem-type-task-not-found-500"),
        "REST-ERROR-001",
    );
    assert!(
        m.contains("HTTP 500")
            && m.contains("whose type names TaskNotFoundError")
            && m.contains("HTTP 404 in 1.0.0 and 1.0.1 alike, never 500"),
        "{m}"
    );
    // Named by its title only; 1.0.1 and 1.0.0 statuses differ.
    let m = message(
        &run("b23a-K1-v10-rest-problem-title-not-cancelable-500"),
        "REST-ERROR-001",
    );
    assert!(
        m.contains("whose title names TaskNotCancelableError")
            && m.contains("HTTP 400 (1.0.1) or 409 (1.0.0), never 500"),
        "{m}"
    );
}

#[test]
fn push_config_without_task_id_names_the_task_and_the_refusal() {
    let m = message(
        &run("b23a-K2-v10-get-push-config-task-id-empty"),
        "DATA-SHAPE-001",
    );
    assert!(
        m.contains("GetTaskPushNotificationConfig for task t-k2a") && m.contains("taskId is empty"),
        "{m}"
    );
    let m = message(
        &run("b23a-K3-v10-rest-create-push-config-missing-field-refused"),
        "PUSH-CFG-007",
    );
    assert!(
        m.contains("valid 1.0 HTTP+JSON CreateTaskPushNotificationConfig")
            && m.contains("\"Missing required field: taskId\"")
            && m.contains("names task t-k3a in its path")
            && m.contains("take taskId from the path"),
        "{m}"
    );
}
