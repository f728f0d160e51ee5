package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.internal.SafeText;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads a uiautomator dump ({@code <hierarchy><node .../></hierarchy>}) into the {@link Control}s an
 * LLM can act on, with UFO's filter: a node is kept when its bounds have an area (empty or inverted
 * bounds mark a node that is not on the screen) and it is clickable, long-clickable, checkable or
 * scrollable, has a text or content description, or is an edit field or a button. Ids are 1, 2, 3 ...
 * in document order. The JDK parser runs with DTDs and external entities off: the dump comes from a
 * device, and a device's text is not to be trusted.
 */
final class UiTreeParser {
    private static final Pattern BOUNDS = Pattern.compile("\\[(-?\\d+),(-?\\d+)]\\[(-?\\d+),(-?\\d+)]");

    private UiTreeParser() {}

    /**
     * The controls in {@code xml}.
     *
     * @param source names the dump in errors, e.g. the device's serial
     * @throws DriverException naming the line, column and problem when the XML is malformed or not a dump
     */
    static List<Control> parse(String xml, String source) throws DriverException {
        Document document = read(xml, source);
        Element root = document.getDocumentElement();
        if (!root.getTagName().equals("hierarchy")) {
            throw new DriverException("the UI dump of " + source + " is not a uiautomator dump: its root element is <"
                    + SafeText.line(root.getTagName(), 80) + ">, not <hierarchy>");
        }
        NodeList nodes = root.getElementsByTagName("node");
        List<Control> controls = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element node = (Element) nodes.item(i);
            toControl(node, controls.size() + 1).ifPresent(controls::add);
        }
        return List.copyOf(controls);
    }

    private static Optional<Control> toControl(Element node, int id) {
        Optional<Rect> rect = bounds(node.getAttribute("bounds")).filter(r -> !r.isEmpty());
        if (rect.isEmpty()) {
            return Optional.empty();
        }
        String text = node.getAttribute("text").strip();
        String description = node.getAttribute("content-desc").strip();
        String className = node.getAttribute("class");
        boolean checkable = flag(node, "checkable");
        boolean keep = flag(node, "clickable")
                || flag(node, "long-clickable")
                || checkable
                || flag(node, "scrollable")
                || !text.isEmpty()
                || !description.isEmpty()
                || className.contains("Edit")
                || className.contains("Button");
        if (!keep) {
            return Optional.empty();
        }
        String name = !text.isEmpty() ? text : !description.isEmpty() ? description : className;
        String type = className.substring(className.lastIndexOf('.') + 1);
        return Optional.of(new Control(
                id, name, type, rect.get(), node.getAttribute("resource-id"), checkable, flag(node, "checked")));
    }

    /**
     * The bounds, or empty when they are missing, malformed or inverted (the right edge left of the
     * left one, or the bottom above the top): such a node is not on the screen.
     */
    private static Optional<Rect> bounds(String value) {
        Matcher m = BOUNDS.matcher(value.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        int left = Integer.parseInt(m.group(1));
        int top = Integer.parseInt(m.group(2));
        int right = Integer.parseInt(m.group(3));
        int bottom = Integer.parseInt(m.group(4));
        if (right < left || bottom < top) {
            return Optional.empty();
        }
        return Optional.of(new Rect(left, top, right, bottom));
    }

    private static boolean flag(Element node, String attribute) {
        return node.getAttribute(attribute).equals("true");
    }

    private static Document read(String xml, String source) throws DriverException {
        try {
            DocumentBuilder builder = factory().newDocumentBuilder();
            builder.setErrorHandler(null); // errors are thrown, not printed to stderr
            return builder.parse(new InputSource(new StringReader(xml)));
        } catch (SAXParseException e) {
            throw new DriverException(
                    "the UI dump of " + source + " is not well-formed XML (line " + e.getLineNumber()
                            + ", column " + e.getColumnNumber() + ": "
                            + SafeText.line(String.valueOf(e.getMessage()), 200)
                            + "); it starts with: "
                            + abbreviate(xml),
                    e);
        } catch (SAXException | IOException e) {
            throw new DriverException(
                    "the UI dump of " + source + " cannot be read: "
                            + SafeText.line(String.valueOf(e.getMessage()), 200),
                    e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser does not support secure processing", e);
        }
    }

    private static DocumentBuilderFactory factory() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(false);
        return factory;
    }

    private static String abbreviate(String xml) {
        String head = xml.strip();
        String flat = head.substring(0, Math.min(head.length(), 2_000)).replaceAll("\\s+", " ");
        String shown = flat.length() > 120 ? flat.substring(0, 120) + "..." : flat;
        // the device's text: escaped, so that it cannot drive the terminal the error is shown on
        return flat.isEmpty() ? "(nothing: the dump is empty)" : "\"" + SafeText.line(shown, 6 * 120 + 3) + "\"";
    }
}
