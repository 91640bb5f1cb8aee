import HierarchyAdapters
import HierarchyKit
import HierarchySources
import Testing

/// A cell shows a container's preview on its second line when the item has no subtitle.
@Suite struct StructurePreviewCellTests {
    @Test func theSecondLineIsTheSubtitleElseThePreview() {
        let cell = HierarchyCollectionItem()
        var node = HierarchyNode(id: "/0", title: "[0]", childCount: 2, preview: "{alpha_2: AW, name: Aruba}")
        HierarchySourceDataSource.configure(cell, with: node, childCount: nil)
        #expect(cell.subtitle.text == "{alpha_2: AW, name: Aruba}")
        node.subtitle = "Country"
        HierarchySourceDataSource.configure(cell, with: node, childCount: nil)
        #expect(cell.subtitle.text == "Country")
    }
}
