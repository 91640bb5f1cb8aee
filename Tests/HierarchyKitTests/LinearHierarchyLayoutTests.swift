import Foundation
import Testing

@testable import HierarchyKit

private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LinearRect {
    LinearRect(x: x, y: y, width: width, height: height)
}

private func size(_ width: Double, _ height: Double) -> LinearSize { LinearSize(width: width, height: height) }

private func id(_ raw: Int) -> LinearHierarchyItem.ID { LinearHierarchyItem.ID(raw) }

/// Vehicles 0 (Cars 1 (Sedan 2, Coupe 3), Boats 4, Spacecraft 5 dynamic), Animals 6 (Cats 7, Dogs 8), Plants 9.
private func demo() throws -> LinearHierarchy {
    try LinearHierarchy(entries: [
        [
            "name": "Vehicles",
            "children": [
                ["name": "Cars", "children": [["name": "Sedan"], ["name": "Coupe"]]],
                ["name": "Boats"],
                ["name": "Spacecraft", "type": "dynamic"],
            ],
        ],
        ["name": "Animals", "children": [["name": "Cats"], ["name": "Dogs"]]],
        ["name": "Plants"],
    ])
}

/// Vehicles > Cars > (Sedan, Coupe): three sections, four items.
private func drilledDown() throws -> LinearHierarchy {
    var hierarchy = try demo()
    _ = hierarchy.tap(itemID: id(0))
    _ = hierarchy.tap(itemID: id(1))
    return hierarchy
}

private func layout(
    _ direction: LinearHierarchyLayout.ScrollDirection,
    wraps: Bool = false,
    rtl: Bool = false
) -> LinearHierarchyLayout {
    LinearHierarchyLayout(
        scrollDirection: direction,
        itemSize: size(10, 2),
        minimumInteritemSpacing: 1,
        sectionSpacing: 3,
        lineSpacing: 1,
        wrapsItems: wraps,
        layoutDirection: rtl ? .rightToLeft : .leftToRight)
}

@Suite("LinearHierarchyLayout")
struct LinearHierarchyLayoutTests {
    @Test func horizontalPlacesThePathAsARowWithChildrenAfterIt() throws {
        let result = layout(.horizontal).layout(try drilledDown(), containerSize: size(60, 2))
        #expect(
            result.frames == [[rect(0, 0, 10, 2)], [rect(13, 0, 10, 2)], [rect(26, 0, 10, 2), rect(37, 0, 10, 2)]])
        #expect(result.contentSize == size(47, 2))
        #expect(result.loadingFrame == nil)
        #expect(result.invariantViolations() == [])
    }

    @Test func horizontalRightToLeftMirrorsWithinTheContainer() throws {
        let result = layout(.horizontal, rtl: true).layout(try drilledDown(), containerSize: size(60, 2))
        #expect(
            result.frames == [[rect(50, 0, 10, 2)], [rect(37, 0, 10, 2)], [rect(24, 0, 10, 2), rect(13, 0, 10, 2)]])
        #expect(result.contentSize == size(60, 2))
        #expect(result.invariantViolations() == [])
    }

    @Test func horizontalRightToLeftMirrorsWithinWiderContent() throws {
        let result = layout(.horizontal, rtl: true).layout(try drilledDown(), containerSize: size(30, 2))
        #expect(
            result.frames == [[rect(37, 0, 10, 2)], [rect(24, 0, 10, 2)], [rect(11, 0, 10, 2), rect(0, 0, 10, 2)]])
        #expect(result.contentSize == size(47, 2))
    }

    @Test func horizontalWrapsAtTheContainerWidth() throws {
        let result = layout(.horizontal, wraps: true).layout(try drilledDown(), containerSize: size(30, 10))
        #expect(result.frames == [[rect(0, 0, 10, 2)], [rect(13, 0, 10, 2)], [rect(0, 3, 10, 2), rect(11, 3, 10, 2)]])
        #expect(result.contentSize == size(23, 5))
        #expect(result.invariantViolations() == [])

        let mirrored = layout(.horizontal, wraps: true, rtl: true).layout(
            try drilledDown(), containerSize: size(30, 10))
        #expect(
            mirrored.frames == [[rect(20, 0, 10, 2)], [rect(7, 0, 10, 2)], [rect(20, 3, 10, 2), rect(9, 3, 10, 2)]])
        #expect(mirrored.contentSize == size(30, 5))
    }

    @Test func verticalStacksThePathWithChildrenBelow() throws {
        let result = layout(.vertical).layout(try drilledDown(), containerSize: size(16, 100))
        #expect(result.frames == [[rect(0, 0, 10, 2)], [rect(0, 5, 10, 2)], [rect(0, 10, 10, 2), rect(0, 13, 10, 2)]])
        #expect(result.contentSize == size(10, 15))
        #expect(result.invariantViolations() == [])

        let mirrored = layout(.vertical, rtl: true).layout(try drilledDown(), containerSize: size(16, 100))
        #expect(
            mirrored.frames == [[rect(6, 0, 10, 2)], [rect(6, 5, 10, 2)], [rect(6, 10, 10, 2), rect(6, 13, 10, 2)]])
        #expect(mirrored.contentSize == size(16, 15))
    }

    @Test func verticalIgnoresWrapping() throws {
        let plain = layout(.vertical).layout(try drilledDown(), containerSize: size(5, 5))
        let wrapping = layout(.vertical, wraps: true).layout(try drilledDown(), containerSize: size(5, 5))
        #expect(plain == wrapping)
    }

    @Test func variableSizesFromTheSizeProvider() throws {
        var hierarchy = try demo()
        let provider: (LinearIndexPath, LinearHierarchyItem) -> LinearSize = { path, item in
            size(Double(item.name.count), Double(1 + path.section))
        }
        let roots = layout(.horizontal).layout(hierarchy, containerSize: size(100, 5), sizeProvider: provider)
        #expect(roots.frames == [[rect(0, 0, 8, 1), rect(9, 0, 7, 1), rect(17, 0, 6, 1)]])
        #expect(roots.contentSize == size(23, 1))

        _ = hierarchy.tap(itemID: id(0))
        let row = layout(.horizontal).layout(hierarchy, containerSize: size(100, 5), sizeProvider: provider)
        #expect(row.frames == [[rect(0, 0, 8, 1)], [rect(11, 0, 4, 2), rect(16, 0, 5, 2), rect(22, 0, 10, 2)]])
        #expect(row.contentSize == size(32, 2))

        let wrapped = layout(.horizontal, wraps: true).layout(
            hierarchy, containerSize: size(20, 5), sizeProvider: provider)
        #expect(wrapped.frames == [[rect(0, 0, 8, 1)], [rect(11, 0, 4, 2), rect(0, 3, 5, 2), rect(6, 3, 10, 2)]])
        #expect(wrapped.contentSize == size(16, 5))
        #expect(wrapped.invariantViolations() == [])

        let column = layout(.vertical).layout(hierarchy, containerSize: size(20, 50), sizeProvider: provider)
        #expect(column.frames == [[rect(0, 0, 8, 1)], [rect(0, 4, 4, 2), rect(0, 7, 5, 2), rect(0, 10, 10, 2)]])
        #expect(column.contentSize == size(10, 12))
    }

    @Test func itemsOwnSizesAreUsedByDefault() throws {
        let hierarchy = try LinearHierarchy(entries: [
            ["name": "Wide", "width": 20, "height": 3],
            ["name": "Default"],
        ])
        let result = layout(.horizontal).layout(hierarchy, containerSize: size(100, 5))
        #expect(result.frames == [[rect(0, 0, 20, 3), rect(21, 0, 10, 2)]])
        #expect(result.contentSize == size(31, 3))
    }

    @Test func aLoadingSectionGetsAPlaceholderFrame() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        _ = hierarchy.tap(itemID: id(5))
        #expect(hierarchy.isLoading)
        let result = layout(.horizontal).layout(hierarchy, containerSize: size(100, 2))
        #expect(result.frames == [[rect(0, 0, 10, 2)], [rect(13, 0, 10, 2)], []])
        #expect(result.loadingFrame == rect(26, 0, 10, 2))
        #expect(result.contentSize == size(36, 2))
        #expect(result.invariantViolations() == [])

        let vertical = layout(.vertical).layout(hierarchy, containerSize: size(10, 100))
        #expect(vertical.loadingFrame == rect(0, 10, 10, 2))
        #expect(vertical.contentSize == size(10, 12))
    }

    @Test func zeroItemsGiveNoFramesAndNoContent() throws {
        let empty = try LinearHierarchy(items: [])
        for direction in [LinearHierarchyLayout.ScrollDirection.horizontal, .vertical] {
            for rtl in [false, true] {
                let result = layout(direction, rtl: rtl).layout(empty, containerSize: size(50, 50))
                #expect(result.frames == [[]])
                #expect(result.contentSize == .zero)
                #expect(result.indexPath(at: LinearPoint(x: 1, y: 1)) == nil)
            }
        }
        #expect(layout(.horizontal).layout(sectionSizes: [], containerSize: size(5, 5)).frames == [])
    }

    @Test func oneItemSitsAtTheLeadingEdge() throws {
        let hierarchy = try LinearHierarchy(entries: [["name": "Only"]])
        #expect(layout(.horizontal).layout(hierarchy, containerSize: size(50, 2)).frames == [[rect(0, 0, 10, 2)]])
        let mirrored = layout(.horizontal, rtl: true).layout(hierarchy, containerSize: size(50, 2))
        #expect(mirrored.frames == [[rect(40, 0, 10, 2)]])
        #expect(mirrored.contentSize == size(50, 2))
        #expect(layout(.vertical).layout(hierarchy, containerSize: size(50, 2)).contentSize == size(10, 2))
    }

    @Test(arguments: [1, 2, 5, 99, 100])
    func manyItemsScrollOrWrapWithoutOverlap(count: Int) throws {
        let sizes = [Array(repeating: size(10, 2), count: count)]
        let scrolling = layout(.horizontal).layout(sectionSizes: sizes, containerSize: size(55, 2))
        for index in 0..<count {
            #expect(scrolling.frames[0][index] == rect(Double(index * 11), 0, 10, 2))
        }
        #expect(scrolling.contentSize == size(Double(count * 11 - 1), 2))

        // 5 items fit a 55-wide line: 5 × 10 + 4 × 1 = 54.
        let wrapping = layout(.horizontal, wraps: true).layout(sectionSizes: sizes, containerSize: size(55, 2))
        for index in 0..<count {
            #expect(wrapping.frames[0][index] == rect(Double(index % 5 * 11), Double(index / 5 * 3), 10, 2))
        }
        let lines = (count + 4) / 5
        #expect(wrapping.contentSize.height == Double(lines * 3 - 1))
        #expect(wrapping.invariantViolations() == [])

        let mirrored = layout(.horizontal, wraps: true, rtl: true).layout(
            sectionSizes: sizes, containerSize: size(55, 2))
        for index in 0..<count {
            #expect(mirrored.frames[0][index].maxX == 55 - wrapping.frames[0][index].minX)
            #expect(mirrored.frames[0][index].minY == wrapping.frames[0][index].minY)
        }
        #expect(mirrored.invariantViolations() == [])
    }

    @Test func anItemWiderThanTheContainerGetsItsOwnLine() {
        let result = layout(.horizontal, wraps: true).layout(
            sectionSizes: [[size(10, 2)], [size(10, 2)]], containerSize: size(5, 10))
        #expect(result.frames == [[rect(0, 0, 10, 2)], [rect(0, 3, 10, 2)]])
        #expect(result.contentSize == size(10, 5))
    }

    @Test func negativeAndNonFiniteSizesCountAsZero() {
        var weird = layout(.horizontal)
        weird.minimumInteritemSpacing = -4
        let result = weird.layout(
            sectionSizes: [[size(-3, 2), size(.nan, .infinity), size(4, 1)]], containerSize: size(10, 10))
        #expect(result.frames == [[rect(0, 0, 0, 2), rect(0, 0, 0, 0), rect(0, 0, 4, 1)]])
        #expect(result.contentSize == size(4, 2))
    }

    @Test func hitTestingAndVisibleItems() throws {
        let result = layout(.horizontal).layout(try drilledDown(), containerSize: size(60, 2))
        #expect(result.indexPath(at: LinearPoint(x: 14, y: 1)) == LinearIndexPath(section: 1, item: 0))
        #expect(result.indexPath(at: LinearPoint(x: 11, y: 1)) == nil)  // the gap between sections
        #expect(result.indexPath(at: LinearPoint(x: 46.5, y: 0)) == LinearIndexPath(section: 2, item: 1))
        #expect(
            result.indexPaths(intersecting: rect(20, 0, 10, 2))
                == [LinearIndexPath(section: 1, item: 0), LinearIndexPath(section: 2, item: 0)])
        #expect(result.indexPaths(intersecting: rect(100, 0, 10, 2)) == [])
        #expect(result.frame(at: LinearIndexPath(section: 2, item: 1)) == rect(37, 0, 10, 2))
        #expect(result.frame(at: LinearIndexPath(section: 2, item: 2)) == nil)
    }

    @Test func geometryDescriptionsAreCompact() {
        #expect(rect(1, 2.5, 3, 4).description == "(1, 2.5, 3, 4)")
        #expect(size(3, 4).description == "3×4")
        #expect(LinearPoint(x: -1, y: 0).description == "(-1, 0)")
    }
}
