//! Compiles the vendored A2A protos (`proto/`, see `proto/README.md`) into one serialized
//! `FileDescriptorSet` at `$OUT_DIR/a2a_descriptors.bin`, included by `src/model/grpc.rs`.
//! Pure Rust (`protox`): no `protoc` needed.

fn main() {
    let files = [
        "a2a/v1/a2a.proto",
        "a2a/v0_3/a2a.proto",
        "google/rpc/status.proto",
        "google/rpc/error_details.proto",
    ];
    println!("cargo:rerun-if-changed=proto");
    let fds = match protox::compile(files, ["proto"]) {
        Ok(f) => f,
        Err(e) => panic!("compiling the vendored protos in proto/: {e:?}"),
    };
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    use protox::prost::Message as _;
    std::fs::write(out.join("a2a_descriptors.bin"), fds.encode_to_vec())
        .expect("write the descriptor set");
}
