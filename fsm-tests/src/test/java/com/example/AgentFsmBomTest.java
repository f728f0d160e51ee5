package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * The BOM has no parent, so the parent's {@code central} profile (signing, the Central Portal) is not
     * inherited: without its own, {@code mvn deploy -Prelease-jars,central} would leave the BOM unsigned and out of
     * the bundle.
     */
    @Test
    void theBomIsSignedAndPublishedAsTheModulesAre() throws Exception {
        Element root = parse(ROOT.resolve("pom.xml")).getDocumentElement();
        Element bom = parse(ROOT.resolve("agentfsm-bom/pom.xml")).getDocumentElement();
        List<String> parents = centralPlugins(root);
        assertEquals(2, parents.size(), parents::toString);
        assertEquals(parents, centralPlugins(bom), "agentfsm-bom/pom.xml's central profile must be the parent's");
    }

    /** The plugins of {@code pom}'s {@code central} profile: coordinates, version and the rest, properties resolved. */
    private static List<String> centralPlugins(Element pom) {
        Map<String, String> properties = new HashMap<>();
        NodeList declared = pom.getElementsByTagName("properties");
        for (int i = 0; i < declared.getLength(); i++) {
            for (var node = declared.item(i).getFirstChild(); node != null; node = node.getNextSibling()) {
                if (node instanceof Element property) {
                    properties.put(
                            property.getTagName(), property.getTextContent().strip());
                }
            }
        }
        List<String> plugins = new ArrayList<>();
        NodeList profiles = pom.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element profile = (Element) profiles.item(i);
            if (!"central".equals(child(profile, "id"))) {
                continue;
            }
            NodeList found = profile.getElementsByTagName("plugin");
            for (int j = 0; j < found.getLength(); j++) {
                String plugin =
                        found.item(j).getTextContent().replaceAll("\\s+", " ").strip();
                for (Map.Entry<String, String> property : properties.entrySet()) {
                    plugin = plugin.replace("${" + property.getKey() + "}", property.getValue());
                }
                plugins.add(plugin);
            }
        }
        return plugins;
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
