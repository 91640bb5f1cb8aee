// HierarchySQLite
