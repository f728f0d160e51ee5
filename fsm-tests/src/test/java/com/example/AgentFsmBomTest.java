package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * agentfsm-bom lists every module a release publishes (a module of the root pom that is not a pom and does
 * not skip its deploy), and nothing else, at the project's version.
 */
class AgentFsmBomTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void theBomListsEveryPublishedModule() throws Exception {
        Document root = parse(ROOT.resolve("pom.xml"));
        String version = child(root.getDocumentElement(), "version");
        TreeSet<String> published = new TreeSet<>();
        for (String module : texts(root.getDocumentElement(), "module")) {
            Element pom = parse(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement();
            String packaging = child(pom, "packaging");
            boolean skipped = texts(pom, "maven.deploy.skip").contains("true");
            if (!"pom".equals(packaging) && !skipped) {
                published.add(child(pom, "artifactId"));
            }
        }
        Element bom = parse(ROOT.resolve("agentfsm-bom/pom.xml")).getDocumentElement();
        assertEquals(version, child(bom, "version"), "agentfsm-bom's version must be the project's");
        TreeSet<String> listed = new TreeSet<>();
        NodeList dependencies = bom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            assertEquals("dev.agentfsm", child(dependency, "groupId"));
            assertEquals("${project.version}", child(dependency, "version"));
            listed.add(child(dependency, "artifactId"));
        }
        assertEquals(published, listed, "agentfsm-bom/pom.xml must list exactly the published modules");
    }

    private static Document parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (var in = Files.newInputStream(pom)) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    /** The text of {@code element}'s direct child {@code name}, or null. */
    private static String child(Element element, String name) {
        for (var node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return null;
    }

    private static List<String> texts(Element element, String name) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = element.getElementsByTagName(name);
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().strip());
        }
        return texts;
    }
}
