//! Teams (the accounts contract, `contract::accounts`).

/// A team palette entry (`color_data[]`).
#[crate::wire]
pub struct ColorEntry {
    pub id: i32,
    pub bg_color: String,
    pub text_color: String,
}

/// 001 §3 team colour palette.
#[crate::wire]
pub struct ColorPalette {
    pub color_data: Vec<ColorEntry>,
}

/// A team (`callyzer_orgamnization_team`): `team_color` is a palette id; its colours travel
/// beside it.
#[crate::wire]
pub struct Team {
    pub id: i64,
    pub org_id: i64,
    pub team_name: String,
    pub team_color: Option<i32>,
    pub bg_color: Option<String>,
    pub text_color: Option<String>,
    /// Members in the team (only in the organisation's team list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub member_count: Option<u64>,
}

/// Create a team (admins and managers).
#[crate::wire(OptionalFields)]
pub struct CreateTeam {
    pub org_id: i64,
    /// `domain::accounts::TeamName`: not blank, at most 100 characters.
    #[schema(pattern = r"\S", max_length = 100)]
    pub team_name: String,
    /// The id of a `domain::accounts::TEAM_COLORS` entry: 1 to 8.
    #[schema(minimum = 1, maximum = 8)]
    pub team_color: Option<i32>,
}

/// Update a team's details (admins, and the team's manager).
#[crate::wire(OptionalFields)]
pub struct UpdateTeam {
    pub org_id: i64,
    pub team_id: i64,
    /// As when creating.
    #[schema(pattern = r"\S", max_length = 100)]
    pub team_name: Option<String>,
    #[schema(minimum = 1, maximum = 8)]
    pub team_color: Option<i32>,
}

/// Add employees to a team.
#[crate::wire]
pub struct AssignTeam {
    pub org_id: i64,
    pub team_id: i64,
    pub user_ids: Vec<i64>,
}

/// A role (`callyzer_user_role`).
#[crate::wire]
pub struct Role {
    pub id: i16,
    pub role_name: String,
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_declared_team_colours_are_the_palette_ids() {
        let ids: Vec<i32> = domain::accounts::TEAM_COLORS.iter().map(|c| c.id).collect();
        assert_eq!(ids, (1..=8).collect::<Vec<_>>());
    }
}
