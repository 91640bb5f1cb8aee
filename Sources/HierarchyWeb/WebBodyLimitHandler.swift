import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Refuses request bodies over the limit on the connection itself, before any route reads them:
/// a request whose declared `Content-Length` is over the limit is answered 413 and its
/// connection closed without reading the body; a chunked body that grows past the limit closes
/// the connection. (Answering from a route would leave the server reading the rest of the body
/// to keep the connection alive — gigabytes, if the client says so.)
final class WebBodyLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: Int
    /// Bytes of the current request's body seen so far.
    private var received = 0
    /// Once refused, nothing more is read or passed on.
    private var refused = false

    init(limit: Int) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            received = 0
            if let declared = head.headerFields[.contentLength], let length = Int(declared), length > limit {
                refuse(context: context)
                return
            }
        case .body(let buffer):
            received += buffer.readableBytes
            if received > limit {
                refused = true
                context.close(promise: nil)
                return
            }
        case .end:
            break
        }
        context.fireChannelRead(data)
    }

    private func refuse(context: ChannelHandlerContext) {
        refused = true
        let message = Data(#"{"error": "the request body is larger than \#(limit) bytes"}"#.utf8)
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = String(message.count)
        fields[.connection] = "close"
        let head = HTTPResponse(status: .contentTooLarge, headerFields: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: message))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
