"""The table's widgets, one per module. Each draws from a :class:`TableState`."""
