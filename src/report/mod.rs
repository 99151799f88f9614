//! placeholder, see DESIGN.md module table
