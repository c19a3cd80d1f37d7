"""The screens, grouped by feature: `table/` (the card table and what it shows over itself),
`net/` (hosting, joining and the network table), `records/` (the player's records) and
`learn/` (help, tutorial, Explore). What every screen shares (the scene stack's `Scene` and
`Host`, dialogs, menus, options) and the front door (the title screen, the way to a game) lie
here directly."""
