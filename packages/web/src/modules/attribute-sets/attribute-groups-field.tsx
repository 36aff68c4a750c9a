import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { AttributeSetAttribute, AttributeSetGroupInput } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { attributeSetGroupInputSchema } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import type { CollisionDetection, DragEndEvent } from '@dnd-kit/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { App, Button, Card, Col, Empty, Flex, Form, Input, Modal, Row, Tag, Tooltip, Typography } from 'antd';
import { groupSortId, isGroupSortId, matchesAttributeSearch, moveGroup } from './attribute-groups.ts';
import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';

/** A group as the form holds it (the input shape; the default group is the one flagged). */
export type GroupValue = AttributeSetGroupInput & { attributeIds: number[] };

interface AttributeGroupsFieldProps {
  value?: GroupValue[];
  onChange?: (groups: GroupValue[]) => void;
  /** Attributes that can be placed (the active ones), and the names of those already placed. */
  attributes: readonly AttributeSetAttribute[];
  loading?: boolean;
  disabled?: boolean;
}

const UNASSIGNED = 'unassigned';
const groupContainer = (index: number) => `group-${index}`;
const itemId = (attributeId: number) => `attribute-${attributeId}`;

/** A group being dragged lands only among the groups; an attribute only in lists and among attributes. */
const collisions: CollisionDetection = (args) =>
  closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((container) => isGroupSortId(container.id) === isGroupSortId(args.active.id)) });

/**
 * The set's groups and the attributes not yet placed, side by side: attributes are dragged from the
 * unassigned list into a group, between groups, back out, and reordered within a group (dnd-kit, the
 * library the project's SortableList uses; the keyboard works too: space, arrows, space). Groups are
 * added and renamed in a modal; the default group cannot be renamed or deleted (the 'oops' dialog).
 */
export function AttributeGroupsField({ value = [], onChange, attributes, loading = false, disabled = false }: AttributeGroupsFieldProps) {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<{ index?: number } | null>(null);
  const [search, setSearch] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const placed = new Set(value.flatMap((group) => group.attributeIds));
  const unassigned = attributes.filter((attribute) => !placed.has(attribute.id)).map((attribute) => attribute.id);
  const shownUnassigned = attributes.filter((attribute) => !placed.has(attribute.id) && matchesAttributeSearch(attribute, search)).map((attribute) => attribute.id);
  const groupIds = value.map(groupSortId);
  const lists: Record<string, number[]> = { [UNASSIGNED]: unassigned, ...Object.fromEntries(value.map((group, index) => [groupContainer(index), group.attributeIds])) };
  const containerOf = (id: string) => (id in lists ? id : Object.keys(lists).find((key) => lists[key]!.some((attributeId) => itemId(attributeId) === id)));

  const change = (groups: GroupValue[]) => onChange?.(groups);

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    if (isGroupSortId(active.id)) {
      // A group moved: the save stores the groups in this order.
      const from = groupIds.indexOf(String(active.id));
      const to = groupIds.indexOf(String(over.id));
      if (from >= 0 && to >= 0 && from !== to) change(moveGroup(value, from, to));
      return;
    }
    const from = containerOf(String(active.id));
    const to = containerOf(String(over.id));
    if (!from || !to) return;
    const attributeId = Number(String(active.id).slice('attribute-'.length));
    const target = lists[to]!.filter((id) => id !== attributeId);
    // Dropped on an item: take its place; dropped on the list itself: go last.
    const overIndex = lists[to]!.findIndex((id) => itemId(id) === String(over.id));
    const at = overIndex < 0 ? target.length : overIndex;
    target.splice(at, 0, attributeId);
    change(
      value.map((group, index) => {
        const key = groupContainer(index);
        if (key === to) return { ...group, attributeIds: target };
        if (key === from) return { ...group, attributeIds: group.attributeIds.filter((id) => id !== attributeId) };
        return group;
      }),
    );
  };

  const oops = (...texts: string[]) =>
    void modal.warning({
      title: 'Oops!',
      content: (
        <Flex vertical gap={4}>
          {texts.map((text) => (
            <Typography.Text key={text}>{text}</Typography.Text>
          ))}
        </Flex>
      ),
    });

  const removeGroup = (index: number) => {
    // Spec: the default group cannot be deleted, and at least one group must remain ('oops' with both texts).
    if (value.length <= 1) return oops(MESSAGES.defaultGroupNotDeletable, MESSAGES.atLeastOneGroup);
    if (value[index]!.isDefault) return oops(MESSAGES.defaultGroupNotDeletable);
    // Its attributes go back to the unassigned list.
    change(value.filter((_, i) => i !== index));
  };

  const saveGroupName = (name: string) => {
    if (editing?.index === undefined) change([...value, { name, isDefault: false, attributeIds: [] }]);
    else change(value.map((group, index) => (index === editing.index ? { ...group, name } : group)));
    setEditing(null);
  };

  const nameOf = (attributeId: number) => byId.get(attributeId)?.attributeName ?? `Attribute ${attributeId}`;

  return (
    <DndContext sensors={sensors} collisionDetection={collisions} onDragEnd={dropped}>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <DropList
            id={UNASSIGNED}
            title="Unassigned Attributes"
            header={
              <Input
                allowClear
                size="small"
                prefix={<SearchOutlined />}
                placeholder="Search attributes"
                aria-label="Search unassigned attributes"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                style={{ marginBottom: 8 }}
              />
            }
            ids={shownUnassigned}
            nameOf={nameOf}
            disabled={disabled}
            loading={loading}
            emptyText={unassigned.length ? 'No unassigned attribute matches the search' : 'Every attribute is placed'}
          />
        </Col>
        <Col xs={24} md={15}>
          <Flex vertical gap={12}>
            <SortableContext items={groupIds} strategy={verticalListSortingStrategy} disabled={disabled}>
              {value.map((group, index) => (
                <SortableGroup key={group.id ?? groupIds[index]} id={groupIds[index]!} name={group.name} disabled={disabled}>
                  {(handle, style) => (
                    <DropList
                      style={style}
                      id={groupContainer(index)}
                      title={
                        <Flex gap={8} align="center">
                          {handle}
                          <span data-testid="group-name">{group.name}</span>
                          {group.isDefault && <Tag>Default</Tag>}
                        </Flex>
                      }
                      extra={
                        <Flex gap={4}>
                          <Tooltip title={group.isDefault ? MESSAGES.defaultGroupLocked : 'Rename group'}>
                            <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Rename group ${group.name}`} disabled={disabled || group.isDefault} onClick={() => setEditing({ index })} />
                          </Tooltip>
                          <Tooltip title="Delete group">
                            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete group ${group.name}`} disabled={disabled} onClick={() => removeGroup(index)} />
                          </Tooltip>
                        </Flex>
                      }
                      ids={group.attributeIds}
                      nameOf={nameOf}
                      disabled={disabled}
                      emptyText="Drag attributes here"
                    />
                  )}
                </SortableGroup>
              ))}
            </SortableContext>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setEditing({})} disabled={disabled}>
              Add Group
            </Button>
          </Flex>
        </Col>
      </Row>
      {editing && (
        <GroupNameModal
          initial={editing.index === undefined ? '' : value[editing.index]!.name}
          otherNames={value.filter((_, index) => index !== editing.index).map((group) => group.name)}
          isRename={editing.index !== undefined}
          onSave={saveGroupName}
          onCancel={() => setEditing(null)}
        />
      )}
    </DndContext>
  );
}

interface DropListProps {
  id: string;
  title: ReactNode;
  extra?: ReactNode;
  /** Above the list (the unassigned attributes' search). */
  header?: ReactNode;
  style?: CSSProperties;
  ids: readonly number[];
  nameOf: (attributeId: number) => string;
  disabled: boolean;
  loading?: boolean;
  emptyText: string;
}

/** One list attributes can be dropped into: a group, or the unassigned attributes. */
function DropList({ id, title, extra, header, style, ids, nameOf, disabled, loading, emptyText }: DropListProps) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled });
  return (
    <Card size="small" title={title} extra={extra} loading={loading} style={style} data-testid={id === UNASSIGNED ? 'unassigned-attributes' : 'attribute-group'} styles={{ body: { padding: 8 } }}>
      {header}
      <div ref={setNodeRef} style={{ minHeight: 44, borderRadius: 6, background: isOver ? 'rgba(22, 119, 255, 0.06)' : undefined, maxHeight: id === UNASSIGNED ? 440 : undefined, overflowY: 'auto' }}>
        <SortableContext items={ids.map(itemId)} strategy={verticalListSortingStrategy} disabled={disabled}>
          {ids.map((attributeId) => (
            <AttributeChip key={attributeId} attributeId={attributeId} name={nameOf(attributeId)} disabled={disabled} />
          ))}
        </SortableContext>
        {!ids.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: '8px 0' }} />}
      </div>
    </Card>
  );
}

/** A group reordered by dragging the handle in its title (or with the keyboard: space, arrows, space). */
function SortableGroup({ id, name, disabled, children }: { id: string; name: string; disabled: boolean; children: (handle: ReactNode, style: CSSProperties) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={`Move group ${name}`}
      disabled={disabled}
      style={{ cursor: disabled ? 'not-allowed' : 'grab', marginInlineStart: -4 }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div ref={setNodeRef} data-testid="sortable-group" style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.7 : 1, position: 'relative', zIndex: isDragging ? 3 : 0 }}>
      {children(handle, isDragging ? { boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' } : {})}
    </div>
  );
}

function AttributeChip({ attributeId, name, disabled }: { attributeId: number; name: string; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: itemId(attributeId), disabled });
  return (
    <div
      ref={setNodeRef}
      data-testid="attribute-chip"
      aria-label={`Move attribute ${name}`}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : 0,
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        padding: '5px 8px',
        marginBottom: 4,
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: '#fff',
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
      }}
      {...attributes}
      {...listeners}
    >
      <HolderOutlined style={{ color: '#8c8c8c' }} />
      <span>{name}</span>
    </div>
  );
}

interface GroupNameModalProps {
  initial: string;
  otherNames: readonly string[];
  isRename: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Add or rename a group: the name is required and unique within the set, case-insensitively ('Group already exist'). */
function GroupNameModal({ initial, otherNames, isRename, onSave, onCancel }: GroupNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const taken = new Set(otherNames.map((name) => name.trim().toLowerCase()));
  const submit = async () => {
    const { name } = await form.validateFields();
    onSave(attributeSetGroupInputSchema.shape.name.parse(name));
  };
  return (
    <Modal open title={isRename ? 'Rename Group' : 'Add Group'} okText="Save" onOk={() => void submit().catch(() => undefined)} onCancel={onCancel} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: initial }} onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label="Group Name"
          required
          rules={[
            {
              validator: async (_, raw: string | undefined) => {
                // The contract's own rule for a group name (required, length), then uniqueness in this set.
                const parsed = attributeSetGroupInputSchema.shape.name.safeParse(raw ?? '');
                if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
                if (taken.has(parsed.data.toLowerCase())) throw new Error(MESSAGES.groupExists);
              },
            },
          ]}
        >
          <Input autoFocus aria-label="Group Name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
