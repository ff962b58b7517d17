//! Names that must be unique where they live (a label name in a workspace): two names are the
//! same when they are equal once trimmed, with runs of spaces as one, and case-folded.

/// The form two names are compared in.
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `name` is already one of `existing`.
pub fn name_taken<'a>(name: &str, existing: impl IntoIterator<Item = &'a str>) -> bool {
    let key = name_key(name);
    existing.into_iter().any(|e| name_key(e) == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_same_whatever_their_case_and_spaces() {
        assert!(name_taken("  hot  Lead ", ["Cold", "Hot lead"]));
        assert!(name_taken("ÁRBOL", ["árbol"]));
        assert!(!name_taken("Hot leads", ["Hot lead"]));
        assert!(!name_taken("x", []));
    }
}
