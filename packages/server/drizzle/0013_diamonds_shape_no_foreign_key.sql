ALTER TABLE "diamonds" DROP CONSTRAINT "diamonds_shape_id_diamond_shapes_id_fk";
