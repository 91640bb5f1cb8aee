#!/usr/bin/env python3
"""Generates Sources/HierarchySources/Resources/sample-plant.json.

A plant-maintenance hierarchy: site -> area -> functional location ->
equipment -> component, with SAP-style functional location ids
("DE01-PRD-A10-P101"). Deterministic: the same seed gives the same file.

Usage: python3 scripts/generate-sample.py [--seed N] [--output PATH]
"""

import argparse
import json
import os
import random

SEED = 20240601

STATUSES = [
    ("Operational", 78),
    ("Maintenance due", 9),
    ("Under maintenance", 4),
    ("Standby", 5),
    ("Out of service", 3),
    ("Decommissioned", 1),
]

# Equipment kinds: tag prefix, type (subtitle), purposes, manufacturers, components.
EQUIPMENT = {
    "pump": ("P", ["Centrifugal pump", "Centrifugal pump", "Diaphragm pump", "Gear pump", "Screw pump"],
             ["Feed pump", "Transfer pump", "Circulation pump", "Dosing pump", "Cooling water pump",
              "Condensate pump", "Product pump", "Drain pump", "Booster pump"],
             ["KSB", "Grundfos", "Sulzer", "Flowserve", "Netzsch", "Wilo"],
             ["Mechanical seal", "Impeller", "Bearing, drive end", "Bearing, non-drive end", "Coupling",
              "Casing wear ring"]),
    "motor": ("M", ["Asynchronous motor", "Asynchronous motor", "Gear motor", "Servo motor"],
              ["Pump drive", "Agitator drive", "Fan drive", "Conveyor drive", "Compressor drive"],
              ["Siemens", "ABB", "SEW-Eurodrive", "WEG", "Nord"],
              ["Stator winding", "Rotor", "Cooling fan", "Terminal box", "Bearing, drive end"]),
    "valve": ("V", ["Ball valve", "Butterfly valve", "Gate valve", "Control valve", "Check valve",
                    "Safety relief valve"],
              ["Inlet valve", "Outlet valve", "Bypass valve", "Isolation valve", "Drain valve",
               "Vent valve", "Sample valve"],
              ["Samson", "Emerson", "Flowserve", "Bürkert", "GEMÜ", "Schubert & Salzer"],
              ["Actuator", "Positioner", "Valve body", "Limit switch box"]),
    "exchanger": ("E", ["Shell-and-tube heat exchanger", "Plate heat exchanger", "Air cooler"],
                  ["Feed preheater", "Product cooler", "Condenser", "Reboiler", "Interchanger"],
                  ["Alfa Laval", "Kelvion", "SWEP", "API Heat Transfer"],
                  ["Tube bundle", "Gasket set", "Channel head", "Expansion joint"]),
    "compressor": ("K", ["Screw compressor", "Piston compressor", "Turbo compressor"],
                   ["Instrument air compressor", "Process gas compressor", "Refrigeration compressor"],
                   ["Atlas Copco", "Kaeser", "Boge", "Ingersoll Rand"],
                   ["Air end", "Oil separator", "Inlet filter", "Aftercooler", "Control unit"]),
    "reactor": ("R", ["Stirred tank reactor", "Loop reactor", "Fixed-bed reactor"],
                ["Reactor", "Polymerisation reactor", "Neutralisation vessel"],
                ["De Dietrich", "Pfaudler", "Büchi", "Thaletec"],
                ["Agitator", "Heating jacket", "Rupture disc", "Manhole", "Temperature probe"]),
    "tank": ("T", ["Storage tank", "Buffer tank", "Day tank", "Pressure vessel"],
             ["Raw material tank", "Product tank", "Buffer tank", "Solvent tank", "Waste tank"],
             ["Zeppelin", "Hofmann", "Kreis", "Eisenbau Krämer"],
             ["Level gauge", "Breather valve", "Heating coil", "Overfill protection", "Manhole"]),
    "filter": ("F", ["Bag filter", "Cartridge filter", "Self-cleaning filter"],
               ["Product filter", "Water filter", "Dust filter"],
               ["Pall", "Eaton", "Mahle", "Boll & Kirch"],
               ["Filter element", "Differential pressure gauge"]),
    "conveyor": ("C", ["Belt conveyor", "Screw conveyor", "Roller conveyor", "Bucket elevator"],
                 ["Infeed conveyor", "Outfeed conveyor", "Transfer conveyor", "Pallet conveyor"],
                 ["Interroll", "Siemens", "Beumer", "Flexlink"],
                 ["Belt", "Drive pulley", "Idler set", "Gear box", "Emergency pull cord"]),
    "instrument": ("", ["Flow transmitter", "Pressure transmitter", "Temperature transmitter",
                        "Level transmitter", "pH analyser", "Gas detector"],
                   ["Flow", "Pressure", "Temperature", "Level", "pH", "Gas"],
                   ["Endress+Hauser", "VEGA", "Krohne", "Yokogawa", "Siemens", "Dräger"],
                   []),
    "steamtrap": ("ST", ["Steam trap"], ["Steam trap"],
                  ["Spirax Sarco", "Gestra", "TLV"], []),
    "packer": ("PK", ["Case packer", "Palletiser", "Labelling machine", "Filling machine", "Stretch wrapper"],
               ["Case packer", "Palletiser", "Labeller", "Filler", "Wrapper"],
               ["Krones", "KHS", "Sidel", "Bosch Packaging", "Gerhard Schubert"],
               ["Servo drive", "Safety light curtain", "HMI panel", "Gripper head", "Vacuum pump",
                "Photoelectric sensor"]),
}

INSTRUMENT_TAGS = {"Flow": "FT", "Pressure": "PT", "Temperature": "TT", "Level": "LT", "pH": "QT", "Gas": "GT"}

# Areas: code, title, buildings, functional locations (code prefix, titles, equipment mix, count range).
AREAS = [
    ("PRD", "Production", ["Building 3", "Building 4"],
     [("A", ["Reactor line 1", "Reactor line 2", "Reactor line 3", "Distillation", "Crystallisation",
             "Drying", "Solvent recovery", "Raw material dosing"],
       ["pump", "pump", "motor", "valve", "valve", "exchanger", "reactor", "tank", "instrument", "instrument",
        "filter"], (6, 22))]),
    ("UTL", "Utilities", ["Building 7", "Utility block"],
     [("U", ["Compressed air", "Cooling water", "Chilled water", "Nitrogen supply", "Demineralised water"],
       ["compressor", "pump", "motor", "valve", "exchanger", "filter", "instrument", "tank"], (5, 16))]),
    ("STM", "Steam distribution", ["Pipe rack 1", "Pipe rack 2", "Pipe rack 3", "Pipe rack 4"],
     [("S", ["Steam header north"], ["steamtrap", "valve", "valve", "instrument"], (300, 300)),
      ("S", ["Steam header south", "Condensate return"], ["steamtrap", "valve", "instrument", "pump"],
       (20, 45))]),
    ("TNK", "Tank farm", ["Tank farm North", "Tank farm South"],
     [("T", ["Tank bay"], ["tank", "valve", "instrument", "pump"], (1, 5))]),
    ("PKG", "Packaging", ["Building 9"],
     [("L", ["Packaging line 1", "Packaging line 2", "Packaging line 3", "Bulk filling"],
       ["packer", "conveyor", "conveyor", "motor", "instrument"], (4, 14))]),
    ("WWT", "Wastewater treatment", ["Building 12", "Outdoor basin area"],
     [("W", ["Neutralisation", "Biological stage", "Sludge dewatering", "Final clarifier"],
       ["pump", "tank", "valve", "motor", "instrument", "filter"], (4, 12))]),
    ("LOG", "Logistics", ["Warehouse 1", "Warehouse 2"],
     [("G", ["Inbound dock", "High-bay store", "Outbound dock", "Hazardous goods store"],
       ["conveyor", "motor", "instrument"], (0, 9))]),
    ("LAB", "Quality laboratory", ["Building 2"],
     [("Q", ["Sample preparation", "Analytics", "Retained samples"], [], (0, 0))]),
]

TANK_BAYS = 240  # the tank farm area has this many functional locations


def pick_status(rng):
    total = sum(weight for _, weight in STATUSES)
    roll = rng.uniform(0, total)
    for status, weight in STATUSES:
        roll -= weight
        if roll <= 0:
            return status
    return STATUSES[0][0]


def attributes(rng, manufacturers):
    manufacturer = rng.choice(manufacturers)
    return {
        "manufacturer": manufacturer,
        "model": "%s-%d" % ("".join(ch for ch in manufacturer.upper() if ch.isalpha())[:3], rng.randint(100, 9990)),
        "serialNumber": "%s%07d" % (rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ"), rng.randint(0, 9999999)),
        "yearInstalled": rng.randint(1987, 2024),
        "criticality": rng.choice("AABBBBCC"),
    }


def equipment(rng, fl_id, kind, number, location):
    tag, types, purposes, manufacturers, components = EQUIPMENT[kind]
    subtitle = rng.choice(types)
    purpose = rng.choice(purposes)
    if kind == "instrument":
        tag = INSTRUMENT_TAGS[purpose]
        subtitle = types[list(INSTRUMENT_TAGS).index(purpose)]
        title = "%s measurement %s-%d" % (purpose, tag, number)
    else:
        title = "%s %s-%d" % (purpose, tag, number)
    item_id = "%s-%s%d" % (fl_id, tag, number)
    item = {
        "id": item_id,
        "title": title,
        "subtitle": subtitle,
        "footnote": location,
        "status": pick_status(rng),
    }
    item.update(attributes(rng, manufacturers))
    if components and rng.random() < 0.75:
        count = rng.randint(1, len(components))
        children = []
        for index, name in enumerate(rng.sample(components, count), start=1):
            children.append({
                "id": "%s-%02d" % (item_id, index),
                "title": name,
                "subtitle": "Component",
                "footnote": location,
                "status": pick_status(rng),
            })
        item["children"] = children
    return item


def functional_location(rng, area_id, code, title, mix, count_range, building):
    level = rng.randint(0, 4)
    location = "%s, %s" % (building, "Ground floor" if level == 0 else "Level %d" % level)
    fl_id = "%s-%s" % (area_id, code)
    item = {
        "id": fl_id,
        "title": title,
        "subtitle": "Functional location",
        "footnote": location,
        "status": pick_status(rng) if rng.random() < 0.3 else "Operational",
        "costCenter": "%d" % rng.randint(4100, 4899),
    }
    low, high = count_range
    count = rng.randint(low, high) if mix else 0
    numbers = {}
    children = []
    for _ in range(count):
        kind = rng.choice(mix)
        base = numbers.get(kind, 100)
        number = base + 1
        numbers[kind] = number
        room = location if rng.random() < 0.8 else "%s, Room %d%02d" % (building, level, rng.randint(1, 40))
        children.append(equipment(rng, fl_id, kind, number, room))
    if children:
        item["children"] = children
    return item


def generate(seed):
    rng = random.Random(seed)
    areas = []
    for code, title, buildings, groups in AREAS:
        area_id = "DE01-%s" % code
        locations = []
        serial = 0
        for prefix, titles, mix, count_range in groups:
            names = titles
            if code == "TNK":
                names = ["Tank bay %d" % (index + 1) for index in range(TANK_BAYS)]
            for name in names:
                serial += 1
                many = len(names) >= 10
                fl_code = "%s%03d" % (prefix, serial) if many else "%s%d0" % (prefix, serial)
                building = rng.choice(buildings)
                if code == "TNK":
                    building = "%s, Bay %d" % (buildings[0] if serial <= TANK_BAYS // 2 else buildings[1], serial)
                locations.append(functional_location(rng, area_id, fl_code, name, mix, count_range, building))
        areas.append({
            "id": area_id,
            "title": title,
            "subtitle": "Area",
            "footnote": ", ".join(buildings),
            "status": "Operational",
            "children": locations,
        })
    return {
        "id": "DE01",
        "title": "Hamburg Plant",
        "subtitle": "Site",
        "footnote": "Hamburg, Germany",
        "status": "Operational",
        "plant": "DE01",
        "children": areas,
    }


def count(item):
    return 1 + sum(count(child) for child in item.get("children", []))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    default_output = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources",
                                  "HierarchySources", "Resources", "sample-plant.json")
    parser.add_argument("--output", default=os.path.normpath(default_output))
    args = parser.parse_args()
    root = generate(args.seed)
    with open(args.output, "w", encoding="utf-8") as handle:
        json.dump(root, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    print("wrote %d items to %s" % (count(root), args.output))


if __name__ == "__main__":
    main()
