package dev.agentfsm.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** What the server sends, as the runtime's types: a tool as a {@link ToolSpec}, a call's result as an {@link ActionResult}. */
final class ToolResults {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The image types the chat APIs read (OpenAI, Anthropic, Gemini); another fails the whole next request. */
    private static final Set<String> IMAGE_TYPES = Set.of("image/png", "image/jpeg", "image/gif", "image/webp");

    private ToolResults() {}

    static ActionResult toResult(String tool, McpSchema.CallToolResult result, long nanos, McpOptions options) {
        StringBuilder text = new StringBuilder();
        List<Image> images = new ArrayList<>();
        List<McpSchema.Content> contents = result.content() == null ? List.of() : result.content();
        int leftOut = 0;
        for (McpSchema.Content content : contents) {
            if (text.length() > options.maxResultChars() && !(content instanceof McpSchema.ImageContent)) {
                leftOut++; // past the cap: none of it could reach the model
                continue;
            }
            String part;
            if (content instanceof McpSchema.TextContent t) {
                part = t.text();
            } else if (content instanceof McpSchema.ImageContent image) {
                part = image(image, images, options);
            } else if (content instanceof McpSchema.EmbeddedResource embedded
                    && embedded.resource() instanceof McpSchema.TextResourceContents resource) {
                part = resource.text();
            } else if (content instanceof McpSchema.ResourceLink link) {
                part = "[resource " + link.uri() + "]";
            } else {
                part = "[" + content.type() + " content left out]";
            }
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(part == null ? "" : part);
        }
        if (text.length() == 0 && result.structuredContent() != null) {
            text.append(json(result.structuredContent()));
        }
        String output = SafeText.cut(text.toString(), options.maxResultChars())
                + (leftOut > 0 ? "\n[" + leftOut + " more content items left out]" : "");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tool", tool);
        data.put(McpDriver.IMAGES, List.copyOf(images));
        data.put(McpDriver.NANOS, nanos);
        if (text.length() > options.maxResultChars() || leftOut > 0) {
            data.put(McpDriver.CUT, text.length());
        }
        boolean failed = Boolean.TRUE.equals(result.isError());
        return new ActionResult(
                !failed,
                failed ? "" : output,
                failed ? Optional.of(output.isEmpty() ? tool + " failed and said nothing" : output) : Optional.empty(),
                data);
    }

    private static String image(McpSchema.ImageContent image, List<Image> images, McpOptions options) {
        if (images.size() >= options.maxImages()) {
            return "[image left out: at most " + options.maxImages() + " per result]";
        }
        if (image.mimeType() == null || !IMAGE_TYPES.contains(image.mimeType())) {
            return "[image left out: its type \"" + SafeText.line(String.valueOf(image.mimeType()), 80)
                    + "\" is not one the model reads (" + String.join(", ", new TreeSet<>(IMAGE_TYPES)) + ")]";
        }
        String data = image.data() == null ? "" : image.data();
        // what the base64 decodes to, measured before decoding it
        int padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
        long size = data.length() * 3L / 4 - padding;
        if (size > options.maxImageBytes()) {
            return "[image left out: " + size + " bytes, more than " + options.maxImageBytes() + "]";
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(data);
        } catch (IllegalArgumentException e) {
            return "[image left out: its data is not base64]";
        }
        if (bytes.length > options.maxImageBytes()) {
            return "[image left out: " + bytes.length + " bytes, more than " + options.maxImageBytes() + "]";
        }
        images.add(new Image(image.mimeType(), bytes));
        return "[image " + images.size() + ": " + image.mimeType() + "]";
    }

    /** A tool as the prompt lists it: its description on one line, each parameter's type and description. */
    static ToolSpec spec(McpSchema.Tool tool) {
        Map<String, String> parameters = new LinkedHashMap<>();
        Map<String, Object> schema = tool.inputSchema() == null ? Map.of() : tool.inputSchema();
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            for (Map.Entry<?, ?> p : properties.entrySet()) {
                Map<?, ?> property = p.getValue() instanceof Map<?, ?> m ? m : Map.of();
                String type = String.valueOf(property.containsKey("type") ? property.get("type") : "any");
                String description = property.get("description") instanceof String d ? d : "";
                parameters.put(
                        SafeText.line(String.valueOf(p.getKey()), 80),
                        SafeText.line(
                                type
                                        + (required.contains(p.getKey()) ? "" : ", optional")
                                        + (description.isEmpty() ? "" : ", " + description),
                                300));
            }
        }
        String description = tool.description() == null ? "" : tool.description();
        return new ToolSpec(tool.name(), SafeText.line(description, 1_000), parameters, Optional.of(json(schema)));
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
