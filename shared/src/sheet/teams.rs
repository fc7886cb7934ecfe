//! The sheet's `teams`: unique, non-empty names, and references to them.

use super::SheetError;
use super::json::{Fields, Node};

/// The teams of a sheet, in the sheet's order (their index is their id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Teams {
    pub names: Vec<String>,
}

impl Teams {
    /// Reads `teams`: a non-empty list of unique, non-empty names.
    pub fn read(fields: &Fields<'_>) -> Result<Teams, SheetError> {
        let node = fields.required("teams")?;
        let items = node.array()?;
        if items.is_empty() {
            return Err(node.err("a sheet needs at least one team"));
        }
        let mut names: Vec<String> = Vec::with_capacity(items.len());
        for item in &items {
            let name = item.str()?;
            if name.trim().is_empty() {
                return Err(item.err("a team name must not be empty"));
            }
            if let Some(first) = names.iter().position(|n| n == name) {
                return Err(item.err(format!("{} is already teams[{first}]", quote(name))));
            }
            names.push(name.to_owned());
        }
        Ok(Teams { names })
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn name(&self, team: usize) -> &str {
        self.names.get(team).map_or("?", String::as_str)
    }

    /// The team a string names.
    pub fn index_of(&self, node: &Node<'_>, name: &str) -> Result<usize, SheetError> {
        self.names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| node.err(format!("unknown team {}", quote(name))))
    }

    /// A node that must be a team's name.
    pub fn team(&self, node: &Node<'_>) -> Result<usize, SheetError> {
        let name = node.str()?;
        self.index_of(node, name)
    }

    /// A list of distinct teams (e.g. those that answered right).
    pub fn list(&self, node: &Node<'_>) -> Result<Vec<usize>, SheetError> {
        let mut teams: Vec<usize> = Vec::new();
        for item in node.array()? {
            let team = self.team(&item)?;
            if let Some(first) = teams.iter().position(|t| *t == team) {
                return Err(item.err(format!(
                    "{} is already listed at {}",
                    quote(self.name(team)),
                    node.index_path(first)
                )));
            }
            teams.push(team);
        }
        Ok(teams)
    }

    /// An object keyed by team names: each key resolved, in document order.
    pub fn keyed<'a>(&self, node: &Node<'a>) -> Result<Vec<(usize, Node<'a>)>, SheetError> {
        node.entries()?
            .into_iter()
            .map(|(name, value)| Ok((self.index_of(&value, name)?, value)))
            .collect()
    }
}

/// A name as JSON writes it, for messages.
pub(crate) fn quote(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_else(|_| format!("\"{name}\""))
}
