"""The HTTP layer: request validation, rendering and routes over the rules core."""
