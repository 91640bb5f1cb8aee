// Code written against the Fiori list floorplan imports only FioriCompat; the list types it meets
// (ListTask, ListItemPath, ListCellContent, ...) come from ListFloorplan.
@_exported import ListFloorplan
