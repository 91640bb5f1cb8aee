import FioriCompat

// The list floorplan document's setup ("View Model Binding" and "Cell Binding"), pasted
// unchanged into `makeProductList()`, over a small product catalogue answered after a delay, as
// a server would.

/// The sections of the product list report.
enum ProductListReportSections: CaseIterable, Hashable, Sendable {
    case `default`
}

/// One product of the catalogue.
struct Product: Hashable, Identifiable, Sendable {
    let id: String
    var name: String
    var category: String
    var supplier: String
    var price: Double

    /// Fills an object cell with the product.
    @MainActor
    func bind(to cell: FUIObjectTableViewCell) {
        cell.headlineText = name
        cell.subheadlineText = category
        cell.footnoteText = supplier
        cell.statusText = String(format: "%.2f EUR", price)
    }
}

/// The products, shared by every list shown (an add or a delete shows in all of them after
/// their next refresh).
@MainActor
final class ProductCatalogue {
    static let shared = ProductCatalogue()

    private(set) var products: [Product]
    private var nextNumber: Int
    /// How long a query takes.
    var delay: Duration = .milliseconds(250)

    init(count: Int = 240) {
        let names = [
            "Notebook", "Monitor", "Keyboard", "Mouse", "Headset", "Docking station", "Webcam", "Printer", "Scanner",
            "Speaker",
        ]
        let categories = ["Computers", "Displays", "Accessories", "Audio", "Printing"]
        let suppliers = ["Becker Berlin", "Talpa", "Technocom", "Red Point Stores", "Panorama Studios"]
        products = (0..<count).map { (n: Int) -> Product in
            let name = names[n % names.count] + " " + String(n / names.count + 1)
            let cents: Int = (49 + (n * 37) % 1_450) * 100 + 99
            return Product(
                id: "HT-" + String(1000 + n), name: name, category: categories[n % categories.count],
                supplier: suppliers[(n / 3) % suppliers.count], price: Double(cents) / 100)
        }
        nextNumber = 1000 + count
    }

    /// The products matching a search (name, category or supplier), in catalogue order.
    func matching(_ searchString: String?) -> [Product] {
        guard let searchString, !searchString.isEmpty else { return products }
        return products.filter {
            $0.name.localizedCaseInsensitiveContains(searchString)
                || $0.category.localizedCaseInsensitiveContains(searchString)
                || $0.supplier.localizedCaseInsensitiveContains(searchString)
        }
    }

    /// Adds a new product at the start.
    func addProduct() {
        products.insert(
            Product(
                id: "HT-\(nextNumber)", name: "New product \(nextNumber)", category: "New", supplier: "Becker Berlin",
                price: 99.99), at: 0)
        nextNumber += 1
    }

    /// Removes a product.
    func remove(_ product: Product) {
        products.removeAll { $0.id == product.id }
    }
}

/// The document's data loader: answers each query after the catalogue's delay.
final class ProductDataLoader: FUIDataLoader<Product> {
    let catalogue: ProductCatalogue

    init(catalogue: ProductCatalogue = .shared) {
        self.catalogue = catalogue
        super.init()
    }

    override func query(forItemsIn range: Range<Int>? = nil, with searchString: String? = nil) {
        let catalogue = self.catalogue
        Task { @MainActor in
            try? await Task.sleep(for: catalogue.delay)
            let found = catalogue.matching(searchString)
            guard let range else {
                self.results = found
                return
            }
            self.results = Array(found[min(range.lowerBound, found.count)..<min(range.upperBound, found.count)])
        }
    }
}

/// The list floorplan of the document.
@MainActor
func makeProductList() -> FUIListFloorplan<Product, ProductListReportSections> {
    var queries: [ProductListReportSections: FUIDataLoader<Product>] = [:]
    queries[.default] = ProductDataLoader()
    let model = FUIListViewModel<Product, ProductListReportSections>(
        queries: queries, isListPagingEnabled: true, isSearchEnabled: true)
    let floorplan = FUIListFloorplan<Product, ProductListReportSections>(viewModel: model)
    floorplan.cellBinding = { tableView, indexPath, entity in
        let cell =
            tableView.dequeueReusableCell(withIdentifier: FUIObjectTableViewCell.reuseIdentifier, for: indexPath)
            as! FUIObjectTableViewCell
        entity.bind(to: cell)
        return cell
    }
    // The members the document lists after the setup: the grid header, the add and delete
    // handlers and the empty-results view.
    floorplan.gridRowHeaderItems = [
        FUIGridRowHeaderItem(text: "Product", width: 3), FUIGridRowHeaderItem(text: "Category", width: 2),
        FUIGridRowHeaderItem(text: "Price", width: 1, alignment: .trailing),
    ]
    floorplan.searchPlaceholder = "Search products"
    floorplan.addButtonDidTapHandler = { [weak floorplan] in
        ProductCatalogue.shared.addProduct()
        floorplan?.viewModel.refresh()
    }
    floorplan.deleteButtonDidTapHandler = { [weak floorplan] _, product in
        ProductCatalogue.shared.remove(product)
        floorplan?.viewModel.refresh()
    }
    floorplan.emptyResultsView = UILabel(text: "No products match your search.")
    return floorplan
}
