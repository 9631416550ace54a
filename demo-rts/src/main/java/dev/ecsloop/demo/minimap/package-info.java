/** The minimap: a small picture of the whole map as one team sees it, refreshed a few times a second. */
package dev.ecsloop.demo.minimap;
