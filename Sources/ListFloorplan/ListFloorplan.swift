// ListFloorplan
